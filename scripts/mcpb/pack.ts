// `npm run pack:mcpb [-- --platform TUPLE ...] [--out DIR]`: one MCP bundle (.mcpb) per platform
// for Claude Desktop, built with @anthropic-ai/mcpb from dist/ and that platform's prebuild.
// Builds nothing native: the prebuilds come from `npm run prebuilds` (or the release workflow).
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { packExtension } from '@anthropic-ai/mcpb';
import { addonOf, defaultTuples, platformOf } from './platforms.js';
import { packedFiles, stage } from './stage.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The bundle file for one platform: peer-bridge-<version>-<tuple>.mcpb. */
export const bundleName = (version: string, tuple: string) => `peer-bridge-${version}-${tuple}.mcpb`;

/** Fails before any work when dist/ or a prebuild is missing, saying what builds it. */
function checkInputs(tuples: readonly string[]): void {
  if (!existsSync(path.join(root, 'dist', 'cli', 'main.cjs')))
    throw new Error('dist/ is not built: run npm run build:ts (npm run pack:mcpb does)');
  const missing = tuples.filter((tuple) => !existsSync(addonOf(root, tuple)));
  if (missing.length > 0)
    throw new Error(
      `no prebuild for ${missing.join(', ')} in prebuilds/: npm run prebuilds builds linux-x64, linux-arm64 and ` +
        'win32-x64 (on linux-x64), npm run prebuild the one of the machine it runs on (darwin ones on a Mac); ' +
        'to pack only some platforms, name them: npm run pack:mcpb -- --platform <os-cpu>',
    );
}

/** Builds the bundles; returns each file with its size in bytes. */
export async function packBundles(
  tuples: readonly string[],
  out: string,
): Promise<Array<{ file: string; bytes: number }>> {
  const platforms = tuples.map(platformOf);
  checkInputs(tuples);
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  const files = packedFiles(root);
  const work = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-mcpb-'));
  try {
    const built = [];
    for (const platform of platforms) {
      const dir = path.join(work, platform.tuple);
      stage(root, files, platform, dir);
      const file = path.join(out, bundleName(version, platform.tuple));
      if (!(await packExtension({ extensionPath: dir, outputPath: file, silent: true })))
        throw new Error(`mcpb could not pack ${platform.tuple}: run npx mcpb pack on ${dir} to see why`);
      built.push({ file, bytes: statSync(file).size });
    }
    return built;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: { platform: { type: 'string', multiple: true }, out: { type: 'string' } },
  });
  const out = path.resolve(values.out ?? path.join(root, 'bundles'));
  try {
    for (const { file, bytes } of await packBundles(values.platform ?? defaultTuples(root), out))
      console.error(`built ${path.relative(process.cwd(), file)} (${(bytes / 2 ** 20).toFixed(1)} MiB)`);
  } catch (error) {
    console.error(`pack:mcpb: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
