import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTempDir } from '../helpers/temp-dir.js';
import { sharedTarball } from '../e2e/packed-install.js';

// A real `npm install` of the packed package into a fresh project, with the package's real install
// script. --prefer-offline: dependencies come from npm's cache when it has them (the project's own
// install filled it) and from the registry otherwise, so a fresh machine with an empty cache works.
const tempDir = useTempDir();
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });

let tarball: string;

// The run's one packed tarball (test/e2e/packed-install.ts); what this file tests is its install.
beforeAll(async () => {
  tarball = await sharedTarball();
}, 120_000);

function installInto(source: string): string {
  const project = path.join(tempDir(), 'consumer');
  mkdirSync(project);
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', source], project);
  return project;
}

function loadIn(project: string): { platform: string } {
  const out = execFileSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('peer-bridge/native'); console.log(JSON.stringify(m.backend))",
    ],
    { cwd: project, encoding: 'utf8' },
  );
  return JSON.parse(out);
}

describe('npm install of the package', () => {
  it('ships a prebuilt binary and uses it without compiling anything', () => {
    const project = installInto(tarball);
    const installed = path.join(project, 'node_modules', 'peer-bridge');
    expect(readdirSync(path.join(installed, 'prebuilds', `${process.platform}-${process.arch}`))).toContain(
      'peer-bridge.node',
    );
    expect(existsSync(path.join(installed, 'build'))).toBe(false);
    expect(loadIn(project).platform).toBe(process.platform);
  }, 300_000);

  it('builds from source when no prebuilt binary matches', () => {
    const unpacked = path.join(tempDir(), 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['xzf', tarball, '-C', unpacked, '--exclude', 'package/prebuilds']);
    const stripped = path.join(tempDir(), 'peer-bridge-no-prebuilds.tgz');
    execFileSync('tar', ['czf', stripped, '-C', unpacked, 'package']);
    const project = installInto(stripped);
    const installed = path.join(project, 'node_modules', 'peer-bridge');
    expect(existsSync(path.join(installed, 'prebuilds'))).toBe(false);
    expect(existsSync(path.join(installed, 'build', 'Release', 'peer_bridge.node'))).toBe(true);
    expect(loadIn(project).platform).toBe(process.platform);
  }, 300_000);
});
