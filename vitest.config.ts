import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The long files first. Without a results cache (a clean clone, CI) vitest starts the largest
 * files first, and the longest runs (the ledger property halves, the crash tests) are tiny files:
 * they started last and ran alone at the end on two cores. Started first, the many short files
 * fill the other core meanwhile.
 */
const LONG = [/ledger\.property/, /\.crash\.test/, /crash\.test/, /\.property\.test/];

class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = LONG.findIndex((re) => re.test(f.moduleId));
      return i === -1 ? LONG.length : i;
    };
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    sequence: { sequencer: LongFirst },
  },
});
