/** Error codes of the market domain. Messages: packages/locales/src/<lang>/errors.json. */
export const MARKET_ERRORS = [
  'instrument_not_found',
  'instrument_suspended',
  'instrument_exists',
  'kline_period_invalid',
  'kline_range_invalid',
  'price_unavailable',
  'feed_config_invalid',
] as const;
