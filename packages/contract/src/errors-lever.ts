/** Error codes of leveraged trading. Messages: packages/locales/src/<lang>/errors.json. */
export const LEVER_ERRORS = [
  'lever_market_not_found',
  'lever_market_suspended',
  'lever_market_closed',
  'lever_leverage_not_offered',
  'lever_size_required',
  'lever_qty_below_min',
  'lever_qty_step',
  'lever_position_limit',
  'lever_liquidates_at_once',
  'lever_tp_wrong_side',
  'lever_sl_wrong_side',
  'lever_price_invalid',
  'lever_position_not_found',
  'lever_position_closed',
  'lever_product_invalid',
] as const;
