// The platforms an MCP bundle is built for: one bundle per prebuild the package ships.
import { existsSync } from 'node:fs';
import path from 'node:path';

export interface BundlePlatform {
  /** `<os>-<cpu>`, as in prebuilds/. */
  tuple: string;
  /** process.platform there, as the manifest's compatibility.platforms spells it. */
  os: 'linux' | 'win32' | 'darwin';
  cpu: 'x64' | 'arm64';
}

/** Shipped every time (scripts/prebuilds.sh builds them on linux-x64). */
export const ALWAYS = ['linux-x64', 'linux-arm64', 'win32-x64'] as const;
/** Shipped when a Mac built them (the release workflow, or `npm run prebuild` on a Mac). */
export const WHEN_BUILT = ['darwin-x64', 'darwin-arm64'] as const;

export function platformOf(tuple: string): BundlePlatform {
  const [os, cpu] = tuple.split('-');
  if (![...ALWAYS, ...WHEN_BUILT].includes(tuple as never))
    throw new Error(`no bundle for ${tuple}: choose one of ${[...ALWAYS, ...WHEN_BUILT].join(', ')}`);
  return { tuple, os: os as BundlePlatform['os'], cpu: cpu as BundlePlatform['cpu'] };
}

/** The prebuilt addon a bundle for `tuple` carries. */
export const addonOf = (root: string, tuple: string) => path.join(root, 'prebuilds', tuple, 'peer-bridge.node');

/** With no platform named: every always-shipped one, and the darwin ones whose prebuild is here. */
export function defaultTuples(root: string): string[] {
  return [...ALWAYS, ...WHEN_BUILT.filter((tuple) => existsSync(addonOf(root, tuple)))];
}
