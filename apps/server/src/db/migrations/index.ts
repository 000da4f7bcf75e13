import { foundation } from './001_foundation';
import { identity } from './002_identity';
import { market } from './003_market';
import { content } from './004_content';

/**
 * Ordered migrations. Append new ones; never edit one that has shipped.
 * Each is a list of single SQL statements run in one transaction; an empty list is skipped
 * (not recorded), so a domain's migration can be filled in before it first ships.
 */
export const migrations: Array<{ name: string; statements: string[] }> = [
  { name: '001_foundation', statements: foundation },
  { name: '002_identity', statements: identity },
  { name: '003_market', statements: market },
  { name: '004_content', statements: content },
];
