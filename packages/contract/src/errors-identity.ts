/** Error codes of the identity domain. Messages: packages/locales/src/<lang>/errors.json. */
export const IDENTITY_ERRORS = [] as const;
