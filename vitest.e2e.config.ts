import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    // A browser test that fails is run once more (as Playwright's own runner does on CI): the
    // machine is shared with the server under test and its timing varies. A real fault fails twice.
    retry: 1,
  },
});
