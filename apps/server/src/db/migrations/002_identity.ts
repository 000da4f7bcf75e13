/** Schema of the identity domain. One statement per string. */
export const identity: string[] = [];
