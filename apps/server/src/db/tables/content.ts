/** Tables of the content domain (see db/schema.ts for the conventions). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ContentTables {}
