// After prebuildify: ship the Linux reaper (native/reaper/linux.cc, an executable node-gyp built
// next to the addon) in prebuilds/<platform>-<arch>/ with the addon, where src/supervisor/reaper.ts
// looks for it. Nothing to do on other platforms, which have no reaper.
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = path.join(root, 'build', 'Release', 'peer-bridge-reaper');
if (process.platform === 'linux') {
  if (!existsSync(built)) {
    console.error(`copy-reaper: ${built} is missing; the build did not make the reaper`);
    process.exit(1);
  }
  copyFileSync(built, path.join(root, 'prebuilds', `${process.platform}-${process.arch}`, 'peer-bridge-reaper'));
}
