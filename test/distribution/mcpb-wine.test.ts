// The win32-x64 MCP bundle on the official Windows node.exe under Wine, through
// scripts/windows/bundle.sh: packed, unpacked into an empty folder with `mcpb unpack`, and its
// server started as Claude Desktop on Windows would (test/distribution/driver/drive-bundle.mjs).
// Skipped with the reason without mingw-w64 and Wine; PEER_BRIDGE_REQUIRE_WINE=1 (set by .ci/run)
// turns that skip into a failure. Needs dist/ (npm run build:ts).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireWine, runWineScript } from '../helpers/wine.js';

describe('the win32-x64 bundle on Windows node.exe under Wine', () => {
  it('serves initialize, tools/list and bridge_status over stdio with node.exe', (ctx) => {
    requireWine(ctx);
    const work = mkdtempSync(path.join(os.tmpdir(), 'pb-wine-bundle-'));
    ctx.onTestFinished(() => rmSync(work, { recursive: true, force: true }));
    const logFile = path.join(work, 'script.log');
    const run = runWineScript('scripts/windows/bundle.sh', { PEER_BRIDGE_WINE_OUT: work }, logFile, 900_000);
    const stepsFile = path.join(work, 'steps.json');
    if (!existsSync(stepsFile)) {
      const logs = ['script.log', 'pack.log', 'run.log']
        .filter((name) => existsSync(path.join(work, name)))
        .map((name) => `${name}:\n${readFileSync(path.join(work, name), 'utf8').slice(-3000)}`);
      throw new Error(`scripts/windows/bundle.sh exited ${run.status} without results:\n${logs.join('\n')}`);
    }
    const { config, steps } = JSON.parse(readFileSync(stepsFile, 'utf8')) as {
      config: { command: string; args: string[] };
      steps: Array<{ name: string; ok: boolean; detail: string }>;
    };
    expect(
      steps.filter((step) => !step.ok),
      JSON.stringify(steps, null, 2),
    ).toEqual([]);
    expect(steps.map((step) => step.name)).toEqual([
      'no node_modules above the bundle',
      'initialize',
      'tools/list',
      'bridge_status',
    ]);
    // ${__dirname} became the Windows path of the unpacked folder.
    expect(config.args[0]).toMatch(/^[A-Z]:\\.*\\bundle\/dist\/cli\/main\.cjs$/);
    // The addon that loaded is the bundle's win32 prebuild (the driver checks the folder too).
    expect(steps[3]!.detail).toMatch(/"platform":"win32".*prebuilds\\\\win32-x64\\\\peer-bridge\.node/);
    expect(run.status).toBe(0);
  }, 960_000);
});
