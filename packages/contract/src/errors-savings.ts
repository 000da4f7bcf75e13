/** Error codes of fixed-term yield products: savings, lock deposits, pledge, machine leasing. Messages: packages/locales/src/<lang>/errors.json. */
export const SAVINGS_ERRORS = [
  'savings_product_not_found',
  'savings_product_closed',
  'savings_window_not_started',
  'savings_window_ended',
  'savings_amount_below_min',
  'savings_amount_above_max',
  'savings_quota_exceeded',
  'savings_order_not_found',
  'savings_order_not_active',
  'savings_early_redeem_not_allowed',
  'savings_product_invalid',
  'savings_demo_clock_off',
  'savings_quote_changed',
  'savings_lease_not_refundable',
] as const;
