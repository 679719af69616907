// MCP server entries for a Codex config.toml that start this checkout's `peer-bridge serve`, the
// way users register it: under a name that says peer-bridge, from an install path that says it
// (a `node_modules/peer-bridge` link to the checkout), or behind a wrapper script whose name and
// entry say nothing of it (the bridge cannot tell it is itself; only the depth stops a loop).
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { builtCliMain, cliArgs, repoRoot } from './serve-client.js';

/** A TOML basic string. */
export const tomlString = (value: string) => JSON.stringify(value);
/** A TOML array of strings. */
export const tomlArray = (values: string[]) => `[${values.map(tomlString).join(', ')}]`;

/** node's arguments that run `peer-bridge serve` from `main` (this checkout's command, cliArgs, by default). */
export function serveArgs(main?: string): string[] {
  return [...(main === undefined ? cliArgs : [main]), 'serve'];
}

/** `<dir>/node_modules/peer-bridge`, a link to this checkout; returns the CLI's main file through it. */
export function installedMain(dir: string): string {
  const link = path.join(dir, 'node_modules', 'peer-bridge');
  mkdirSync(path.dirname(link), { recursive: true });
  symlinkSync(repoRoot, link, 'dir');
  return path.join(link, path.relative(repoRoot, builtCliMain));
}

/** `<dir>/helper-server.sh`, which starts `peer-bridge serve` (POSIX shells only). */
export function wrapperScript(dir: string): string {
  const file = path.join(dir, 'helper-server.sh');
  const command = [process.execPath, ...serveArgs()].map((part) => `'${part.replaceAll("'", `'\\''`)}'`).join(' ');
  writeFileSync(file, `#!/bin/sh\nexec ${command} "$@"\n`, { mode: 0o755 });
  return file;
}
