// Editor buffers (unsaved text an editor holds for a path) as a second route to a file. A buffer has
// its own identity and versions: what a session saw of the buffer never authorises a write to the
// disk file, and what it saw on disk never authorises a write to the buffer. The editor owns the
// buffer, so the last check is its own: `write` is a compare-and-set against the version read.
import type { ToolContext } from './context.js';
import { FsError } from './errors.js';
import type { ToolSuccess } from './mutate.js';
import { detectEol, type TextFormat } from './text-codec.js';
import type { ResolvedPath } from './workspace-paths.js';
import type { BufferProvider, Maybe } from './buffer-provider.js';

export type { BufferProvider, BufferSnapshot } from './buffer-provider.js';

export type TextTransform = (
  text: string,
  format: TextFormat,
) => Maybe<{ text: string; extra: Record<string, unknown> }>;

function providerOf(ctx: ToolContext): BufferProvider {
  if (!ctx.buffers) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      'target "buffer": this workbench has no editor buffers (it was opened without a `buffers` provider); ' +
        'leave out target to use the file on disk',
    );
  }
  return ctx.buffers;
}

function versionText(version: unknown, shown: string): string | undefined {
  if (version === undefined || version === null) return undefined;
  if (typeof version === 'string' || typeof version === 'number') return String(version);
  throw new FsError(
    'FS_IO_ERROR',
    `${shown}: the buffer provider gave a version that is neither a string nor a number`,
  );
}

async function snapshot(
  ctx: ToolContext,
  target: ResolvedPath,
): Promise<{ text: string; version: string } | undefined> {
  const got = await providerOf(ctx).read(target.abs);
  if (got === undefined || got === null) return undefined;
  const version = versionText(got.version, target.shown);
  if (typeof got.text !== 'string' || version === undefined) {
    throw new FsError('FS_IO_ERROR', `${target.shown}: the buffer provider gave a snapshot without text and version`);
  }
  if (got.text.includes('\0')) {
    throw new FsError(
      'FS_BINARY',
      `${target.shown}: its editor buffer holds NUL characters, so it is binary, not text; ` +
        'the text tools do not read or change it',
    );
  }
  return { text: got.text, version };
}

const noBuffer = (shown: string) =>
  new FsError('FS_NOT_FOUND', `${shown}: no editor buffer is open for it; leave out target to use the file on disk`);

/** Reads a buffer whole and records this session's observation of it (never of the disk file). */
export async function readBuffer(ctx: ToolContext, target: ResolvedPath): Promise<{ text: string; version: string }> {
  const got = await snapshot(ctx, target);
  if (!got) throw noBuffer(target.shown);
  ctx.store.bufferSeen(target.abs, got.version);
  return got;
}

/** Rewrites an observed buffer: version check, transform, compare-and-set write, new observation. */
export async function rewriteBuffer(
  ctx: ToolContext,
  target: ResolvedPath,
  transform: TextTransform,
  checkSize?: (bytes: number) => void,
): Promise<ToolSuccess> {
  const provider = providerOf(ctx);
  const seen = ctx.store.buffer(target.abs);
  if (seen === undefined) {
    throw new FsError(
      'FS_NOT_OBSERVED',
      `${target.shown}: its editor buffer was not read in this session (reading the file on disk does not count); ` +
        'read_file it with target "buffer" first',
    );
  }
  const stale = (reason: string) =>
    new FsError(
      'FS_STALE_VERSION',
      `${target.shown}: its editor buffer ${reason}; read it again (target "buffer") before changing it`,
    );
  // The cheap check first: a buffer changed since the read is refused without copying its text.
  const now = versionText(await provider.version(target.abs), target.shown);
  if (now === undefined) throw stale('was closed since it was read');
  if (now !== seen) throw stale('changed since it was read');
  const current = await snapshot(ctx, target);
  if (!current) throw stale('was closed since it was read');
  if (current.version !== seen) throw stale('changed since it was read');
  checkSize?.(Buffer.byteLength(current.text, 'utf8'));
  const out = await transform(current.text, { encoding: 'utf-8', bom: false, eol: detectEol(current.text) });
  const written = versionText(await provider.write(target.abs, out.text, seen), target.shown);
  if (written === undefined) throw stale('changed while this edit was made; nothing was written');
  ctx.store.bufferSeen(target.abs, written);
  // A buffer holds text, not bytes: the file's encoding and BOM are the editor's to keep on save.
  const { encoding: _encoding, bom: _bom, ...extra } = out.extra;
  return { ok: true, path: target.shown, target: 'buffer', ...extra };
}
