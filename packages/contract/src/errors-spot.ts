/** Error codes of spot trading: orders, fills, the matching engine and the market-making bot. Messages: packages/locales/src/<lang>/errors.json. */
export const SPOT_ERRORS = [
  'spot_market_not_found',
  'spot_market_suspended',
  'spot_price_required',
  'spot_price_precision',
  'spot_amount_precision',
  'spot_amount_too_large',
  'spot_below_min_notional',
  'spot_price_out_of_band',
  'spot_no_index_price',
  'spot_post_only_would_take',
  'spot_order_not_found',
  'spot_order_not_open',
  'spot_busy',
] as const;
