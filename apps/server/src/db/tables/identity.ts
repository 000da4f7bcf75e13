/** Tables of the identity domain (see db/schema.ts for the conventions). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface IdentityTables {}
