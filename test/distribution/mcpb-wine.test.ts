// The win32-x64 MCP bundle on the official Windows node.exe under Wine, through
// scripts/windows/bundle.sh: packed, unpacked into an empty folder with `mcpb unpack`, and its
// server started as Claude Desktop on Windows would (test/distribution/driver/drive-bundle.mjs).
// Skipped with the reason without mingw-w64 and Wine; PEER_BRIDGE_REQUIRE_WINE=1 (set by .ci/run)
// turns that skip into a failure. Needs dist/ (npm run build:ts).
import { describe, expect, it } from 'vitest';
import { passedSteps, runInWine } from '../helpers/wine.js';

describe('the win32-x64 bundle on Windows node.exe under Wine', () => {
  it('serves initialize, tools/list and bridge_status over stdio with node.exe', (ctx) => {
    const run = runInWine(ctx, 'scripts/windows/bundle.sh', 'pb-wine-bundle-', 900_000);
    const { config, steps } = passedSteps<{ config: { command: string; args: string[] } }>(run, [
      'script.log',
      'pack.log',
      'run.log',
    ]);
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
