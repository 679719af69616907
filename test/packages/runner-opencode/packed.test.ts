// The plugin as a user gets it: `npm pack` of peer-bridge and of @peer-bridge/runner-opencode,
// both installed into an empty project (`npm install <peer-bridge.tgz> <plugin.tgz>`), granted in
// a config file there, and run with `peer-bridge run --runner @peer-bridge/runner-opencode`
// against the real OpenCode CLI and the Chat Completions double.
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { startChatDouble } from '../../doubles/openai-chat-server.js';
import { npmInstall, packTarball } from '../../e2e/packed-install.js';
import { answer } from '../../helpers/peers.js';
import { envelopeProblems, opencodeEnv } from '../../helpers/opencode.js';
import { baseEnv, repoRoot } from '../../helpers/serve-client.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);
const tempDir = useTempDir('peer-bridge-opencode-packed-');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

it('packs, installs beside peer-bridge and answers an advise call as a user runs it', async () => {
  const dir = realpathSync(tempDir());
  const peerBridge = await packTarball(dir);
  const packed = await run('npm', ['pack', '--pack-destination', path.join(dir, 'pack')], {
    cwd: path.join(repoRoot, 'packages', 'runner-opencode'),
  });
  const plugin = path.join(dir, 'pack', packed.stdout.trim().split('\n').pop()!);
  const listing = (await run('tar', ['-tzf', plugin])).stdout.trim().split('\n').sort();
  expect(listing).toEqual([
    'package/README.md',
    'package/index.d.ts',
    'package/index.js',
    'package/lib/args.d.ts',
    'package/lib/args.js',
    'package/lib/config.d.ts',
    'package/lib/config.js',
    'package/lib/events.d.ts',
    'package/lib/events.js',
    'package/package.json',
  ]);

  const project = path.join(dir, 'project');
  mkdirSync(project);
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true }));
  await npmInstall(project, [peerBridge, plugin]);
  const installed = path.join(project, 'node_modules', '@peer-bridge', 'runner-opencode');
  const { manifest } = (await import(path.join(installed, 'index.js'))) as {
    manifest: { permissions: Record<string, unknown> };
  };
  const config = path.join(project, 'peer-bridge.config.json');
  writeFileSync(
    config,
    JSON.stringify({ runners: { '@peer-bridge/runner-opencode': { grant: manifest.permissions } } }),
  );

  const double = await startChatDouble([{ kind: 'answer', answer: answer({ verdict: 'Packed and fine.' }) }]);
  closers.push(double.close);
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  const bin = path.join(project, 'node_modules', '.bin', 'peer-bridge');
  const args = ['run', 'advise', 'Check parse().', '--runner', '@peer-bridge/runner-opencode'];
  const result = await run(bin, [...args, '--config', config, '--workspace', ws, '--json'], {
    env: baseEnv(opencodeEnv(double.origin, dir)),
  });
  const envelope = JSON.parse(result.stdout) as Record<string, unknown>;
  expect(envelopeProblems(envelope)).toEqual([]);
  expect(envelope).toMatchObject({ status: 'complete', verdict: 'Packed and fine.', direction: 'cli->opencode' });
  const pkg = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as { version: string };
  expect(pkg.version).toBe('0.1.0');
}, 400_000);
