// The manifest inside one platform's bundle: mcpb/manifest.json (the one kept in the repository,
// whose version scripts/versions/ keeps equal to package.json's) narrowed to that platform.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BundlePlatform } from './platforms.js';

/** Where the bundle's own platform is recorded, beside compatibility.platforms (which has no CPU). */
export const BUNDLE_META_KEY = 'io.github.peer-bridge/bundle';

export const MANIFEST_FILE = 'mcpb/manifest.json';

export function bundleManifest(root: string, platform: BundlePlatform): Record<string, unknown> {
  const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST_FILE), 'utf8')) as Record<string, unknown> & {
    version: string;
    compatibility: { platforms: string[] };
  };
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  if (manifest.version !== version)
    throw new Error(
      `${MANIFEST_FILE} says version ${manifest.version}, package.json ${version}: run node --import tsx scripts/versions/sync.ts`,
    );
  return {
    ...manifest,
    compatibility: { ...manifest.compatibility, platforms: [platform.os] },
    _meta: { [BUNDLE_META_KEY]: { platform: platform.tuple } },
  };
}
