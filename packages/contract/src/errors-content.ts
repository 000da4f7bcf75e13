/** Error codes of the content domain. Messages: packages/locales/src/<lang>/errors.json. */
export const CONTENT_ERRORS = [] as const;
