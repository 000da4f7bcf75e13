import type { OperatorRole } from '@bourse/contract';

/** One console menu entry. Domains export theirs from features/<domain>/routes.tsx. */
export interface NavItem {
  path: string;
  label: string;
  roles?: readonly OperatorRole[];
}
