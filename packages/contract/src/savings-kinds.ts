/**
 * Savings constants the web app needs at run time, kept out of the zod schema module so that
 * importing them does not bring zod into the app's first bundle.
 */

/** Product family: flexible savings, fixed-term lock, pledge mining, machine mining. */
export const SAVINGS_KINDS = ['savings', 'lock', 'pledge', 'machine'] as const;

/** A day's accrual run of a product: paying, paid, or stalled (the yield pool fell short). */
export const SAVINGS_RUN_STATUSES = ['paying', 'paid', 'stalled'] as const;
