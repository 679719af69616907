// Confines tool paths to the workspace: lexically first, then again after resolving symlinks on the
// part of the path that exists, so `..`, outside absolutes and escaping symlinks are all refused.
import { lstatSync, readlinkSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { FsError, errnoOf } from './errors.js';

export interface Workspace {
  /** The workspace as given, made absolute. */
  readonly root: string;
  /** The workspace with symlinks resolved; every canonical path lies under it. */
  readonly realRoot: string;
}

export interface ResolvedPath {
  /** Canonical absolute path: existing part symlink-resolved, missing tail appended. */
  readonly abs: string;
  /** Workspace-relative form, with `/` separators, for messages and results. */
  readonly shown: string;
}

export function openWorkspace(workspace: string): Workspace {
  if (typeof workspace !== 'string' || workspace.length === 0) {
    throw new FsError('FS_INVALID_ARGUMENT', 'openWorkbench: `workspace` must be a non-empty path');
  }
  const root = path.resolve(workspace);
  let realRoot: string;
  try {
    realRoot = realpathSync.native(root);
  } catch (error) {
    throw new FsError('FS_NOT_FOUND', `workspace ${workspace} does not exist`, { cause: error });
  }
  if (!statSync(realRoot).isDirectory()) {
    throw new FsError('FS_INVALID_ARGUMENT', `workspace ${workspace} is not a directory`);
  }
  return { root, realRoot };
}

function inside(candidate: string, root: string): boolean {
  return candidate === root || candidate.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

export function showPath(ws: Workspace, abs: string): string {
  const rel = path.relative(ws.realRoot, abs);
  return rel === '' ? '.' : rel.split(path.sep).join('/');
}

/** Resolves a tool path argument to its canonical absolute form inside the workspace. */
export function resolveInWorkspace(ws: Workspace, input: string): ResolvedPath {
  if (typeof input !== 'string' || input.length === 0 || input.includes('\0')) {
    throw new FsError('FS_INVALID_ARGUMENT', 'path must be a non-empty string without NUL');
  }
  // path.resolve would drop the slash and turn "notes/" into a file called "notes".
  if (input.endsWith('/') || input.endsWith(path.sep)) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${input}: ends with "/", so it names a directory; the file tools take file paths`,
    );
  }
  // "dir/." and "dir/.." name directories too; resolving them would turn "dir/." into a file "dir".
  const last = input.split(path.sep === '\\' ? /[\\/]/ : '/').pop();
  if (last === '.' || last === '..') {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      `${input}: ends with "${last}", so it names a directory; the file tools take file paths`,
    );
  }
  const lexical = path.resolve(ws.root, input);
  let base: string;
  if (inside(lexical, ws.root)) base = ws.root;
  else if (inside(lexical, ws.realRoot)) base = ws.realRoot;
  else throw new FsError('FS_OUTSIDE_WORKSPACE', `${input}: outside the workspace`);

  const parts = path.relative(base, lexical).split(path.sep).filter(Boolean);
  const tail: string[] = [];
  let abs: string | undefined;
  for (let n = parts.length; n >= 0; n--) {
    try {
      abs = path.join(realpathSync.native(path.join(ws.realRoot, ...parts.slice(0, n))), ...tail);
      break;
    } catch (error) {
      const errno = errnoOf(error);
      // ELOOP: a symlink loop resolves to nothing, like a dangling link; it is never followed.
      if (errno !== 'ENOENT' && errno !== 'ENOTDIR' && errno !== 'ELOOP') throw error;
      tail.unshift(parts[n - 1] as string);
    }
  }
  if (abs === undefined || !inside(abs, ws.realRoot) || danglingEscape(ws, abs, tail.length)) {
    throw new FsError('FS_OUTSIDE_WORKSPACE', `${input}: resolves outside the workspace (symlink escape)`);
  }
  return { abs, shown: showPath(ws, abs) };
}

// A dangling symlink as the first missing component points wherever it likes: refuse it when
// that is outside, so no later create can land there.
function danglingEscape(ws: Workspace, abs: string, missing: number): boolean {
  if (missing === 0) return false;
  const parts = abs.split(path.sep);
  const first = parts.slice(0, parts.length - missing + 1).join(path.sep);
  try {
    if (!lstatSync(first).isSymbolicLink()) return false;
    return !inside(path.resolve(path.dirname(first), readlinkSync(first)), ws.realRoot);
  } catch {
    return false;
  }
}
