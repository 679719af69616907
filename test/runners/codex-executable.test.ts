// The Codex runner starts the native binary the npm wrapper (bin/codex.js) would start, with the
// variables the wrapper would set, and the wrapper only when the binary cannot be found or the
// user named the file. Checked against the real wrapper script: a copy of it in a fake install
// starts a fake platform binary that writes down how it was started.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PLATFORM_PACKAGE_BY_TARGET, codexNativeLaunch, targetTriple } from '../../src/runners/codex/executable.js';
import { loadRunner } from '../../src/runners/index.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { codexBin, codexEnv, collector, request, root, setEnv, tempDir, validCore } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

const posix = process.platform !== 'win32';
const wrapperSource = path.join(root, 'node_modules', '@openai', 'codex');

interface FakeInstall {
  /** node_modules/.bin/codex: a symlink to the wrapper, as npm installs it. */
  bin: string;
  packageRoot: string;
  binary: string;
  /** The file the fake binary writes: its $0, then its environment. */
  dump: string;
  /** Exists once the wrapper script ran. */
  wrapperMark: string;
}

async function fakeInstall(): Promise<FakeInstall> {
  const dir = await tempDir('codex-install');
  const modules = path.join(dir, 'node_modules');
  const packageRoot = path.join(modules, '@openai', 'codex');
  mkdirSync(path.join(packageRoot, 'bin'), { recursive: true });
  copyFileSync(path.join(wrapperSource, 'package.json'), path.join(packageRoot, 'package.json'));
  const wrapperMark = path.join(dir, 'wrapper-ran');
  // The real wrapper, plus one line that says it ran (imports are hoisted: its logic is unchanged).
  writeFileSync(
    path.join(packageRoot, 'bin', 'codex.js'),
    `#!/usr/bin/env node\nimport { writeFileSync as markWrapper } from 'node:fs';\nmarkWrapper(${JSON.stringify(wrapperMark)}, '');\n` +
      readFileSync(path.join(wrapperSource, 'bin', 'codex.js'), 'utf8').replace(/^#!.*\n/, ''),
  );
  chmodSync(path.join(packageRoot, 'bin', 'codex.js'), 0o755);
  const triple = targetTriple()!;
  const platformRoot = path.join(modules, ...PLATFORM_PACKAGE_BY_TARGET[triple]!.split('/'));
  mkdirSync(path.join(platformRoot, 'vendor', triple, 'bin'), { recursive: true });
  writeFileSync(
    path.join(platformRoot, 'package.json'),
    JSON.stringify({ name: PLATFORM_PACKAGE_BY_TARGET[triple], version: '0.0.0' }),
  );
  const binary = path.join(platformRoot, 'vendor', triple, 'bin', 'codex');
  const dump = path.join(dir, 'started.txt');
  writeFileSync(binary, `#!/bin/sh\n{ echo "$0"; env; } > '${dump}'\nexit 3\n`);
  chmodSync(binary, 0o755);
  mkdirSync(path.join(modules, '.bin'));
  const bin = path.join(modules, '.bin', 'codex');
  symlinkSync(path.join('..', '@openai', 'codex', 'bin', 'codex.js'), bin);
  return { bin, packageRoot, binary, dump, wrapperMark };
}

function started(dump: string): { file: string; managed: Record<string, string> } {
  const [file, ...lines] = readFileSync(dump, 'utf8').trimEnd().split('\n');
  const managed: Record<string, string> = {};
  for (const line of lines) {
    const eq = line.indexOf('=');
    if (line.startsWith('CODEX_MANAGED_')) managed[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return { file: file!, managed };
}

// What the real wrapper starts, and with which CODEX_MANAGED_* variables, from a bare environment.
function throughWrapper(install: FakeInstall): { file: string; managed: Record<string, string> } {
  const result = spawnSync(install.bin, ['exec'], { env: { PATH: process.env.PATH ?? '' } });
  expect(result.status).toBe(3);
  return started(install.dump);
}

describe.runIf(posix)('codex executable', () => {
  it('resolves the installed npm wrapper to its native binary', () => {
    const launch = codexNativeLaunch(codexBin);
    expect(launch).not.toBeNull();
    expect(path.basename(launch!.file)).toBe('codex');
    expect(readFileSync(launch!.file).subarray(0, 4)).not.toEqual(Buffer.from('#!/u'));
    expect(launch!.env.CODEX_MANAGED_PACKAGE_ROOT).toBe(path.join(root, 'node_modules', '@openai', 'codex'));
  });

  it('finds the binary the wrapper starts and sets the variables it sets (npm layout)', async () => {
    const install = await fakeInstall();
    const wrapper = throughWrapper(install);
    const launch = codexNativeLaunch(install.bin)!;
    expect(launch.file).toBe(wrapper.file);
    expect(launch.file).toBe(install.binary);
    expect(wrapper.managed).toEqual({ CODEX_MANAGED_PACKAGE_ROOT: install.packageRoot, CODEX_MANAGED_BY_NPM: '1' });
    expect(launch.env).toEqual(wrapper.managed);
  });

  it('names pnpm as the wrapper does when pnpm owns the install', async () => {
    const install = await fakeInstall();
    writeFileSync(path.join(install.packageRoot, '..', '..', '.modules.yaml'), 'layoutVersion: 5\n');
    const wrapper = throughWrapper(install);
    expect(wrapper.managed.CODEX_MANAGED_BY_PNPM).toBe('1');
    expect(codexNativeLaunch(install.bin)!.env).toEqual(wrapper.managed);
  });

  it('falls back to the wrapper when the platform binary is missing, and for other files', async () => {
    const install = await fakeInstall();
    expect(codexNativeLaunch('/bin/sh')).toBeNull();
    renameSync(install.binary, `${install.binary}.gone`);
    expect(codexNativeLaunch(install.bin)).toBeNull();
  });

  it('starts the wrapper of a codex version whose wrapper it does not mirror', async () => {
    const install = await fakeInstall();
    expect(codexNativeLaunch(install.bin)).not.toBeNull();
    const manifest = path.join(install.packageRoot, 'package.json');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(readFileSync(manifest, 'utf8')), version: '0.172.0' }));
    expect(codexNativeLaunch(install.bin)).toBeNull();
  });

  it('the runner starts the native binary found on PATH, with the wrapper variables and no stale ones', async () => {
    const install = await fakeInstall();
    const workspace = await tempDir('ws');
    cleanups.push(
      setEnv({
        PATH: `${path.dirname(install.bin)}${path.delimiter}${process.env.PATH ?? ''}`,
        // A host that is itself a Codex session started by another package manager.
        CODEX_MANAGED_BY_BUN: '1',
        CODEX_MANAGED_PACKAGE_ROOT: '/elsewhere',
      }),
    );
    const saved = process.env.PEER_BRIDGE_CODEX_BIN;
    delete process.env.PEER_BRIDGE_CODEX_BIN;
    cleanups.push(() => {
      if (saved !== undefined) process.env.PEER_BRIDGE_CODEX_BIN = saved;
    });
    const runner = await loadRunner('codex', { workspace });
    const events = collector();
    const result = await runner.run(request('advise', workspace, events.onEvent));
    expect(result.exitCode).toBe(3);
    expect(existsSync(install.wrapperMark)).toBe(false);
    const child = started(install.dump);
    expect(child.file).toBe(install.binary);
    expect(child.managed).toEqual({ CODEX_MANAGED_PACKAGE_ROOT: install.packageRoot, CODEX_MANAGED_BY_NPM: '1' });
  });

  it('starts a file the user names in PEER_BRIDGE_CODEX_BIN as given (here the wrapper)', async () => {
    const install = await fakeInstall();
    const workspace = await tempDir('ws');
    cleanups.push(setEnv({ PEER_BRIDGE_CODEX_BIN: install.bin }));
    const runner = await loadRunner('codex', { workspace });
    const events = collector();
    await runner.run(request('advise', workspace, events.onEvent));
    expect(existsSync(install.wrapperMark)).toBe(true);
    expect(started(install.dump).file).toBe(install.binary);
  });

  it('the real native Codex answers through the runner with the wrapper variables', async () => {
    const answer = validCore();
    const double = await startResponsesDouble([{ kind: 'answer', answer }]);
    cleanups.push(() => double.close());
    const env = await codexEnv(double.origin);
    delete (env as Partial<typeof env>).PEER_BRIDGE_CODEX_BIN;
    cleanups.push(setEnv({ ...env, PATH: `${path.dirname(codexBin)}${path.delimiter}${process.env.PATH ?? ''}` }));
    const saved = process.env.PEER_BRIDGE_CODEX_BIN;
    delete process.env.PEER_BRIDGE_CODEX_BIN;
    cleanups.push(() => {
      if (saved !== undefined) process.env.PEER_BRIDGE_CODEX_BIN = saved;
    });
    const workspace = await tempDir('ws');
    const runner = await loadRunner('codex', { workspace });
    const events = collector();
    const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'gpt-5.5' }));
    expect(result.exitCode).toBe(0);
    expect(events.events.filter((e) => e.type === 'final')).toEqual([
      { type: 'final', answer, text: JSON.stringify(answer) },
    ]);
  });
});
