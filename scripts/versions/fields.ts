// Every version string the project publishes besides package.json's own, as file + path: the one
// table that test/distribution/versions.test.ts checks and scripts/versions/sync.ts writes, so a
// manifest added to a channel is kept in step by adding one line here.
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** A key path inside a JSON file: property names and array indexes. */
export type KeyPath = readonly (string | number)[];

export interface VersionField {
  /** The file, relative to the repository root. */
  file: string;
  /** Where the version string is inside it. */
  at: KeyPath;
  /** npm writes this one itself (`npm version`, `npm install`); the sync script leaves it alone. */
  writtenByNpm?: true;
  /** Text before the version in the same string (an `npx` argument: `peer-bridge@0.1.0`). */
  prefix?: string;
}

export const VERSION_FIELDS: readonly VersionField[] = [
  { file: 'package-lock.json', at: ['version'], writtenByNpm: true },
  { file: 'package-lock.json', at: ['packages', '', 'version'], writtenByNpm: true },
  // The MCP Registry entry: the server's version and the npm package it installs.
  { file: 'server.json', at: ['version'] },
  { file: 'server.json', at: ['packages', 0, 'version'] },
  // The MCP bundle manifest (scripts/mcpb/ copies it into each platform's bundle).
  { file: 'mcpb/manifest.json', at: ['version'] },
  // The Claude Code plugin and its marketplace entry (which installs that npm version).
  { file: '.claude-plugin/plugin.json', at: ['version'] },
  { file: '.claude-plugin/marketplace.json', at: ['plugins', 0, 'version'] },
  { file: '.claude-plugin/marketplace.json', at: ['plugins', 0, 'source', 'version'] },
  // The Codex plugin, and the pinned version its server starts with npx (Codex gives a plugin's
  // server no path to the plugin's own files). Its marketplace entry names no version.
  { file: '.codex-plugin/plugin.json', at: ['version'] },
  { file: '.codex-plugin/mcp.json', at: ['mcpServers', 'peer-bridge', 'args', 1], prefix: 'peer-bridge@' },
  // The runner plugin packages, released with peer-bridge at its version, and their entries in the
  // lock file (npm version at the top does not write a workspace's).
  { file: 'packages/runner-gemini/package.json', at: ['version'] },
  { file: 'packages/runner-opencode/package.json', at: ['version'] },
  { file: 'package-lock.json', at: ['packages', 'packages/runner-gemini', 'version'] },
  { file: 'package-lock.json', at: ['packages', 'packages/runner-opencode', 'version'] },
];

/** The string a field holds for `version`. */
export function versionValue(field: VersionField, version: string): string {
  return `${field.prefix ?? ''}${version}`;
}

/** package.json's version: the one place a release sets. */
export function packageVersion(root: string): string {
  return (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** The value at `at` inside `data`, or undefined when the path does not exist. */
export function valueAt(data: unknown, at: KeyPath): unknown {
  let value = data;
  for (const key of at) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string | number, unknown>)[key];
  }
  return value;
}

/** Sets the string at `at` inside `data`; throws when the path does not lead to one. */
export function setAt(data: unknown, at: KeyPath, version: string, file: string): void {
  const parent = valueAt(data, at.slice(0, -1));
  const key = at[at.length - 1]!;
  if (parent === null || typeof parent !== 'object' || typeof valueAt(parent, [key]) !== 'string')
    throw new Error(
      `${file} has no version string at ${JSON.stringify(at)}; fix the file or scripts/versions/fields.ts`,
    );
  (parent as Record<string | number, unknown>)[key] = version;
}
