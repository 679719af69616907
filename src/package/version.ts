// The package version, read from the package's own package.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { packageRoot as findPackageRoot } from './root.js';

export const packageRoot = findPackageRoot();

export const version: string = (
  JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string }
).version;
