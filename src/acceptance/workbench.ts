// The workbench as the sequences use it: the package's own file tools on a sequence's folder,
// with the default lock directory (PEER_BRIDGE_LOCK_DIR honoured), as a user's tools would get.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { openWorkbench, type ToolResult, type Workbench } from '../fs/index.js';
import { AcceptanceFailure } from './types.js';

export function open(dir: string): Workbench {
  return openWorkbench({ workspace: dir });
}

/** The result on success; an AcceptanceFailure naming the call and its code otherwise. */
export function ok<R extends ToolResult>(result: R, call: string): Extract<R, { ok: true }> {
  if (!result.ok) throw new AcceptanceFailure(`${call}: expected ok, got ${result.code}: ${result.message}`);
  return result as Extract<R, { ok: true }>;
}

export function codeOf(result: ToolResult): string {
  return result.ok ? 'ok' : result.code;
}

/** Writes a file with plain fs, as another program would (the workbench has not observed it). */
export function plant(dir: string, rel: string, content: string | Uint8Array): string {
  const abs = path.join(dir, rel);
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return abs;
}
