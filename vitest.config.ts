import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The native addon and process-level tests need real processes, not worker threads.
    pool: 'forks',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
