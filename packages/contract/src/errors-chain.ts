/** Error codes of blockchain wallets: HD deposit addresses, chain watchers, withdrawal signers. Messages: packages/locales/src/<lang>/errors.json. */
export const CHAIN_ERRORS = [
  'chain_user_mismatch',
  'chain_currency_unsupported',
  'chain_wallet_not_configured',
] as const;
