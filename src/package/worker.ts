// Starts one of the package's worker threads. Built, the host code sits in a bundle chunk
// (dist/chunks/…) and each worker is its own entry point (scripts/build.ts), found from the package
// root: a path relative to the chunk would name the chunk itself. From source (tests run the .ts
// files) the thread needs tsx to load TypeScript; tsx is found from this file, not from the
// process's working directory (dev only: the path is tsx's own ESM API file, which its package
// exports as "tsx/esm/api").
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { packageRoot } from './root.js';

const require = createRequire(import.meta.url);
// Loaded on the first worker, not with this module: a `peer-bridge run` process never starts one,
// and node:worker_threads is about 3 ms of its start-up on the bench machine.
const workerThreads = () => require('node:worker_threads') as typeof import('node:worker_threads');

/**
 * A worker running `sourceFile` (a .ts file next to the caller, whose `import.meta.url` is
 * `callerUrl`) when the caller itself runs from source, else the built entry `dist/<distEntry>.js`.
 * No inherited flags: the host's may not apply to a worker file (e.g. node --input-type -e).
 */
export function startWorker(callerUrl: string, sourceFile: string, distEntry: string): Worker {
  const { Worker } = workerThreads();
  if (!callerUrl.endsWith('.ts'))
    return new Worker(path.join(packageRoot(), 'dist', `${distEntry}.js`), { execArgv: [] });
  const source = new URL(sourceFile, callerUrl).href;
  const tsx = pathToFileURL(
    path.join(path.dirname(require.resolve('tsx/package.json')), 'dist', 'esm', 'api', 'index.mjs'),
  ).href;
  return new Worker(
    `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); })`,
    { eval: true },
  );
}
