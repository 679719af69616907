// A CommonJS dependency loaded on first use: built, from the copy scripts/build.ts bundles into
// dist/vendor/<name>.cjs (so that dist/ runs without node_modules, as in a Claude Code plugin
// install or an MCP bundle); from source (tests), from node_modules. require() keeps it lazy and
// synchronous, which an import() of a bundled chunk would not be.
import { createRequire } from 'node:module';
import path from 'node:path';
import { packageRoot } from './root.js';

/** The dependencies dist/vendor/ holds, each as one CommonJS file. */
export const VENDORED = ['iconv-lite'] as const;
export type Vendored = (typeof VENDORED)[number];

const require = createRequire(import.meta.url);
const built = !import.meta.url.endsWith('.ts');

/** The vendored file of `name` in a package folder. */
export const vendoredPath = (root: string, name: Vendored): string => path.join(root, 'dist', 'vendor', `${name}.cjs`);

/** Loads `name` as described above. */
export function requireDependency<T>(name: Vendored): T {
  return require(built ? vendoredPath(packageRoot(), name) : name) as T;
}
