/** Error codes of the market domain. Messages: packages/locales/src/<lang>/errors.json. */
export const MARKET_ERRORS = [] as const;
