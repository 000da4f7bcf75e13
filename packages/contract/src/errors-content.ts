/** Error codes of the content domain. Messages: packages/locales/src/<lang>/errors.json. */
export const CONTENT_ERRORS = [
  'content_not_found',
  'content_category_not_found',
  'content_translation_required',
  'message_not_found',
  'message_user_not_found',
] as const;
