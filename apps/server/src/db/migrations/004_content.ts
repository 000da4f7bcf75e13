/** Schema of the content domain. One statement per string. */
export const content: string[] = [];
