// The package as a user gets it: `npm pack` of this checkout installed into a fresh project with
// `npm install --prefer-offline` (the registry is asked for what the npm cache lacks, so this
// works on a fresh machine), with the package's real install script.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../mcp/serve-client.js';

const run = promisify(execFile);
const npmEnv = {
  ...process.env,
  npm_config_update_notifier: 'false',
  npm_config_fund: 'false',
  npm_config_audit: 'false',
};

export interface Installed {
  /** The consumer project, with peer-bridge in its node_modules. */
  project: string;
  /** Its node_modules/.bin/peer-bridge. */
  bin: string;
}

/** Packs the checkout (dist/ and prebuilds/ must be built) and installs it into `<dir>/project`. */
export async function installPacked(dir: string): Promise<Installed> {
  const tuple = `${process.platform}-${process.arch}`;
  if (
    !existsSync(path.join(repoRoot, 'prebuilds', tuple)) ||
    !existsSync(path.join(repoRoot, 'dist', 'cli', 'main.cjs'))
  ) {
    throw new Error('prebuilds/ or dist/ missing: run `npm run build` first (npm test does)');
  }
  const out = path.join(dir, 'pack');
  mkdirSync(out, { recursive: true });
  // --ignore-scripts: the build already ran; prepack would rebuild the native addon.
  const packed = await run('npm', ['pack', '--ignore-scripts', '--pack-destination', out], {
    cwd: repoRoot,
    env: npmEnv,
  });
  const tarball = path.join(out, packed.stdout.trim().split('\n').pop()!);
  const project = path.join(dir, 'project');
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
  );
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], {
    cwd: project,
    env: npmEnv,
    maxBuffer: 16 * 1024 * 1024,
  });
  return { project, bin: path.join(project, 'node_modules', '.bin', 'peer-bridge') };
}
