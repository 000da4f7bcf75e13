/** Error codes of copy trading. Messages: packages/locales/src/<lang>/errors.json. */
export const FOLLOW_ERRORS = [
  'follow_trader_not_found',
  'follow_self',
  'follow_already',
  'follow_not_found',
  'follow_amount_invalid',
  'follow_lead_exists',
  'follow_trader_invalid',
] as const;
