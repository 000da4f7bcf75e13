import type { OperatorRole } from '../api/admin';

/** One console menu entry. Domains export theirs from features/<domain>/routes.tsx. */
export interface NavItem {
  path: string;
  label: string;
  roles?: readonly OperatorRole[];
}
