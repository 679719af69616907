// The package's own folder (where package.json and schemas/ are), found by walking up from this
// module: the same answer from src/ (tests), from dist/ and from a bundled chunk at any depth.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let root: string | undefined;

/** The absolute path of the peer-bridge package folder. */
export function packageRoot(): string {
  if (root) return root;
  const from = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'peer-bridge'
    ) {
      return (root = dir);
    }
    if (path.dirname(dir) === dir) throw new Error(`peer-bridge: cannot find the package folder above ${from}`);
  }
}

/** The absolute path of one file in the package's schemas/ folder. */
export const schemaPath = (file: string): string => path.join(packageRoot(), 'schemas', file);

/** The built CLI (package.json `bin`): a CommonJS file, see scripts/build.ts. */
export const cliPath = (): string => path.join(packageRoot(), 'dist', 'cli', 'main.cjs');
