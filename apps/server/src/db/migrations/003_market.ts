/** Schema of the market domain. One statement per string. */
export const market: string[] = [];
