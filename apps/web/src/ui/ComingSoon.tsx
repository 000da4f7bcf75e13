/** An honest placeholder for a tab whose product ships in a later release. */
import type { ReactElement } from 'react';
import { StateView } from './StateView';

export function ComingSoon({ title, description, icon }: { title: string; description: string; icon: ReactElement }) {
  return <StateView icon={icon} title={title} description={description} tone="brand" fullPage testId="coming-soon" />;
}
