// onStderrLine: a child's stderr line by line, in order, each cut to STDERR_LINE_BYTES, with the
// last line delivered without its newline; stdout lines and the stderr tail are unchanged.
import { describe, expect, it, onTestFinished } from 'vitest';
import { spawnChild, STDERR_LINE_BYTES } from '../../src/supervisor/spawn.js';
import { spawnOptions, tempDir } from '../runners/helpers.js';

describe.skipIf(process.platform === 'win32')('stderr lines', () => {
  // Directly, as `peer-bridge run` starts children, and through the spawn thread, as `serve` does.
  it.each(['off', 'on'])(
    'hands each stderr line to onStderrLine, cuts a long one (spawn thread %s)',
    async (thread) => {
      const before = process.env.PEER_BRIDGE_SPAWN_THREAD;
      process.env.PEER_BRIDGE_SPAWN_THREAD = thread;
      onTestFinished(() => {
        if (before === undefined) delete process.env.PEER_BRIDGE_SPAWN_THREAD;
        else process.env.PEER_BRIDGE_SPAWN_THREAD = before;
      });
      const cwd = await tempDir('stderr');
      const long = STDERR_LINE_BYTES * 3;
      const script =
        `printf 'Attempt 1 failed\\r\\n' >&2; echo out; ` +
        `head -c ${long} /dev/zero | tr '\\0' x >&2; printf '\\nlast' >&2`;
      const stderr: string[] = [];
      const stdout: string[] = [];
      const result = await spawnChild('/bin/sh', ['-c', script], {
        ...spawnOptions(cwd),
        onLine: (line) => stdout.push(line),
        onStderrLine: (line) => stderr.push(line),
      });
      expect(result.exitCode).toBe(0);
      expect(stdout).toEqual(['out']);
      expect(stderr).toEqual(['Attempt 1 failed', 'x'.repeat(STDERR_LINE_BYTES), 'last']);
      expect(result.stderrTail.endsWith('last')).toBe(true);
    },
  );
});
