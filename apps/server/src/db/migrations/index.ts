import { foundation } from './001_foundation';

/**
 * Ordered migrations. Append new ones; never edit one that has shipped.
 * Each is a list of single SQL statements run in one transaction.
 */
export const migrations: Array<{ name: string; statements: string[] }> = [
  { name: '001_foundation', statements: foundation },
];
