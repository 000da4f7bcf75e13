/** Routes of the spot trading pages, mounted in the plain layout by app/routes.tsx. */
import type { ReactElement } from 'react';

export const spotRoutes: ReactElement[] = [];
