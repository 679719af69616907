// What an editor gives the workbench for its unsaved buffers: the interface alone, so the tool context
// can name it without importing the buffer tools (which import the context).

/** One state of a buffer: its whole text and the editor's version for it. */
export interface BufferSnapshot {
  text: string;
  /** Opaque to the workbench; any change to the text must change it (e.g. VS Code's document.version). */
  version: string | number;
}

export type Maybe<T> = T | Promise<T>;

/**
 * What an editor integration gives `openWorkbench({ workspace, buffers })`. Paths are absolute and
 * canonical (symlinks resolved, inside the workspace). Calls of one workbench on one path never
 * overlap; calls of different workbenches (or the user typing) may, which `write` must allow for.
 */
export interface BufferProvider {
  /**
   * The unsaved buffer open for `path`, or undefined when the editor has none (the disk file is then
   * the only route).
   */
  read(path: string): Maybe<BufferSnapshot | undefined>;
  /** The buffer's current version without copying its text, or undefined when none is open. */
  version(path: string): Maybe<string | number | undefined>;
  /**
   * Replaces the buffer's whole text if, and only if, it is still at `expectedVersion` (checked and
   * applied atomically, as one editor operation). Resolves to the new version, or undefined when the
   * buffer changed or closed meanwhile and nothing was written. Does not save the buffer to disk.
   */
  write(path: string, text: string, expectedVersion: string): Maybe<string | number | undefined>;
}
