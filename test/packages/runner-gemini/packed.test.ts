// The plugin as a user installs it: `npm pack` of peer-bridge and of packages/runner-gemini, both
// installed into an empty project (`npm install peer-bridge @peer-bridge/runner-gemini`, from the
// tarballs), then one call with `--runner gemini` through the installed copy's own CLI, the real
// Gemini CLI and the scripted Gemini API double.
import { execFile } from 'node:child_process';
import { mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { validateEnvelope } from '../../../src/envelope/index.js';
import { startGeminiDouble } from '../../doubles/gemini-server.js';
import { npmInstall, packTarball } from '../../e2e/packed-install.js';
import { geminiEnv } from '../../helpers/gemini.js';
import { answer } from '../../helpers/peers.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { root } from '../../runners/helpers.js';

const run = promisify(execFile);
const tempDir = useTempDir('peer-bridge-gemini-packed-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it('installs from its tarball beside peer-bridge and runs as --runner gemini', { timeout: 600_000 }, async () => {
  const dir = realpathSync(tempDir());
  const bridgeTarball = await packTarball(dir);
  const packed = await run('npm', ['pack', '--pack-destination', path.join(dir, 'pack')], {
    cwd: path.join(root, 'packages', 'runner-gemini'),
  });
  const pluginTarball = path.join(dir, 'pack', packed.stdout.trim().split('\n').pop()!);
  const project = path.join(dir, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  await npmInstall(project, [bridgeTarball, pluginTarball]);
  const installed = path.join(project, 'node_modules', '@peer-bridge', 'runner-gemini');
  expect(readdirSync(installed).sort()).toEqual(
    [
      'README.md',
      'args.js',
      'digest.js',
      'events.d.ts',
      'events.js',
      'home.d.ts',
      'home.js',
      'index.d.ts',
      'index.js',
      'package.json',
    ].sort(),
  );

  const double = await startGeminiDouble([{ kind: 'answer', answer: answer({ verdict: 'Gemini looked.' }) }]);
  closers.push(double.close);
  const workspace = path.join(dir, 'ws');
  mkdirSync(workspace);
  // Only what a user's shell would have: no tsx, no checkout on any path.
  const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', ...geminiEnv(double.origin, dir) };
  const bin = path.join(project, 'node_modules', '.bin', 'peer-bridge');
  const { stdout } = await run(
    bin,
    ['run', 'advise', 'Is parse() safe?', '--runner', 'gemini', '--json', '-w', workspace],
    {
      cwd: project,
      env,
    },
  );
  const envelope = JSON.parse(stdout);
  expect(validateEnvelope(envelope).ok).toBe(true);
  expect(envelope).toMatchObject({
    status: 'complete',
    verdict: 'Gemini looked.',
    direction: expect.stringMatching(/->gemini$/),
  });
});
