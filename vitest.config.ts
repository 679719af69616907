import os from 'node:os';
import { defineConfig } from 'vitest/config';
import LongestFirst from './test/sequencer.js';

export default defineConfig({
  test: {
    // The native addon and process-level tests need real processes, not worker threads.
    pool: 'forks',
    // vitest's default is one file at a time on a 2-core machine (cores - 1), and a file spends
    // most of its time waiting for the processes it starts (CLIs, servers, npm, Wine, qemu) while
    // the cores idle: one file more than there are cores keeps them busy.
    maxWorkers: os.availableParallelism() + 1,
    // Longest files first (test/sequencer.ts), so no long file is left running alone at the end.
    sequence: { sequencer: LongestFirst },
    include: ['test/**/*.test.ts'],
    // Keeps the suite out of the user's cache folder, and gives test files their shared folder (see the file).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
