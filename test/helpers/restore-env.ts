// For a test file that sets process.env and starts things to stop: the environment is put back and
// the closers run (in order) after each test.
import { afterEach, beforeEach } from 'vitest';

/** Registers the hooks; returns the list each test pushes its closers onto. */
export function useRestoredEnv(): (() => Promise<void>)[] {
  let saved: NodeJS.ProcessEnv = {};
  const closers: (() => Promise<void>)[] = [];
  beforeEach(() => {
    saved = { ...process.env };
  });
  afterEach(async () => {
    process.env = saved;
    for (const close of closers.splice(0)) await close();
  });
  return closers;
}
