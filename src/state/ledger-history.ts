// Reading the ledger's history: the current file and its rotated archives, forwards (streaming,
// for reports) or backwards from the newest record (for the last few calls). Writing is ledger.ts.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { openForReading, readLinesBackward, readLinesForward } from './ledger-lines.js';
import { parseLedger, parseLine, type LedgerContents, type LedgerRecord } from './ledger-records.js';

const ARCHIVE_NAME = /^ledger\.\d{8}T\d{6}\.\d{3}Z(?:-[0-9a-f]+)?\.jsonl$/;

/** Absolute paths of the rotated ledger files in `dir`, newest first. */
export async function ledgerArchives(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((name) => ARCHIVE_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

/** Every record of `files` (oldest first) and the count of lines that did not parse. O(history) memory. */
export async function readAllRecords(files: readonly string[]): Promise<LedgerContents> {
  const records: LedgerRecord[] = [];
  let skipped = 0;
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return '';
      throw error;
    });
    const contents = parseLedger(text);
    for (const record of contents.records) records.push(record);
    skipped += contents.skipped;
  }
  return { records, skipped };
}

/** Every record of `files` (oldest first), streaming: memory stays flat however long the history. */
export async function* streamRecords(files: readonly string[]): AsyncGenerator<LedgerRecord> {
  for (const file of files) {
    const handle = await openForReading(file);
    if (!handle) continue;
    const batch: LedgerRecord[] = [];
    try {
      const { size } = await handle.stat();
      let at = 0;
      let window = 1024 * 1024;
      while (at < size) {
        const end = Math.min(size, at + window);
        const next = await readLinesForward(handle, at, end, (line) => {
          const record = parseLine(line);
          if (record) batch.push(record);
        });
        if (next === at) {
          // No newline in the window: a longer line (read on with a wider one) or a torn end.
          if (end === size) break;
          window *= 2;
          continue;
        }
        at = next;
        window = 1024 * 1024;
        yield* batch.splice(0);
      }
      // A last line without its newline is whole or torn; the parser decides.
      if (at < size) {
        const rest = Buffer.alloc(size - at);
        await handle.read(rest, 0, rest.length, at);
        const record = parseLine(rest.toString('utf8'));
        if (record) yield record;
      }
    } finally {
      await handle.close();
    }
  }
}

/**
 * Records of `files` (newest file first) from the newest backwards, until `onRecord` returns false.
 * Resolves true when every file was read to its start.
 */
export async function readBackward(
  files: readonly string[],
  onRecord: (record: LedgerRecord) => boolean,
): Promise<boolean> {
  for (const file of files) {
    const handle = await openForReading(file);
    if (!handle) continue;
    try {
      const more = await readLinesBackward(handle, (line) => {
        const record = parseLine(line);
        return record ? onRecord(record) : true;
      });
      if (!more) return false;
    } finally {
      await handle.close();
    }
  }
  return true;
}
