import { accountTypeName } from '@bourse/contract';

/** An account type as the console shows it: its contract name and id ("change (2)"), else the raw value. */
export function accountTypeLabel(type: number | string): string {
  const name = accountTypeName(type);
  return name ? `${name} (${type})` : String(type);
}
