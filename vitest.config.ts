import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The native addon and process-level tests need real processes, not worker threads.
    pool: 'forks',
    include: ['test/**/*.test.ts'],
    // Keeps the suite out of the user's cache folder (see the file).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
