/** Error codes of timed up/down contracts (contract orders and seconds contracts). Messages: packages/locales/src/<lang>/errors.json. */
export const CONTRACTS_ERRORS = [
  'contract_product_not_found',
  'contract_market_suspended',
  'contract_seconds_invalid',
  'contract_currency_not_payable',
  'contract_stake_out_of_range',
  'contract_exposure_cap_reached',
  'contract_order_not_found',
  'contract_product_invalid',
] as const;
