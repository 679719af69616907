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
}

export const VERSION_FIELDS: readonly VersionField[] = [
  { file: 'package-lock.json', at: ['version'], writtenByNpm: true },
  { file: 'package-lock.json', at: ['packages', '', 'version'], writtenByNpm: true },
  // The MCP Registry entry: the server's version and the npm package it installs.
  { file: 'server.json', at: ['version'] },
  { file: 'server.json', at: ['packages', 0, 'version'] },
  // The MCP bundle manifest (scripts/mcpb/ copies it into each platform's bundle).
  { file: 'mcpb/manifest.json', at: ['version'] },
  // The Claude Code and Codex plugins and their marketplaces join here with one line per version
  // field: .claude-plugin/plugin.json, .claude-plugin/marketplace.json, .codex-plugin/plugin.json
  // and .agents/plugins/marketplace.json, e.g. { file: '.claude-plugin/plugin.json', at: ['version'] }
  // (a marketplace's entry: at: ['plugins', 0, 'version']).
];

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
