// The route of a text edit: the file on disk, decoded in its own (or the named) encoding and
// re-encoded byte-exactly, or the editor's buffer for the path. Tools describe the change on text;
// this decides where the text comes from and goes to.
import { rewriteBuffer, type TextTransform } from './buffers.js';
import type { ToolContext } from './context.js';
import { FsError } from './errors.js';
import { rewriteObserved, type ToolSuccess } from './mutate.js';
import { checkEncodingName } from './named-encoding.js';
import { decodeText, encodeText } from './text-codec.js';
import type { ResolvedPath } from './workspace-paths.js';

/** The arguments every text tool shares for choosing its route. */
export interface TextRoute {
  encoding?: string | undefined;
  target?: 'disk' | 'buffer' | undefined;
}

/** Checks the route's arguments before anything is read. */
export function checkRoute(route: TextRoute & { expected_version?: string }): void {
  if (route.target === 'buffer' && route.encoding !== undefined) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      'an editor buffer holds text, not bytes: `encoding` applies only to files on disk',
    );
  }
  // A token vouches for the file on disk; it must never authorise a change of the buffer.
  if (route.target === 'buffer' && route.expected_version !== undefined) {
    throw new FsError(
      'FS_INVALID_ARGUMENT',
      '`expected_version` names a version of the file on disk, not of an editor buffer: ' +
        'read the buffer (target: "buffer") first',
    );
  }
  if (route.encoding !== undefined) checkEncodingName(route.encoding);
}

/**
 * Rewrites the text of an observed file or buffer. `checkSize` sees the size in bytes (for a buffer,
 * of its text as UTF-8) before the text is decoded or transformed.
 */
export function rewriteText(
  ctx: ToolContext,
  target: ResolvedPath,
  route: TextRoute,
  transform: TextTransform,
  checkSize?: (bytes: number) => void,
): Promise<ToolSuccess> {
  checkRoute(route);
  if (route.target === 'buffer') return rewriteBuffer(ctx, target, transform, checkSize);
  return rewriteObserved(ctx, target, async (bytes) => {
    checkSize?.(bytes.length);
    const { text, format } = decodeText(bytes, target.shown, route.encoding);
    const out = await transform(text, format);
    return { bytes: encodeText(out.text, format, target.shown), extra: out.extra };
  });
}
