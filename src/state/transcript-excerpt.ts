// A bounded look into one run's transcript for people (`peer-bridge runs --html`): its first and
// last records (the file is already bounded; this reads at most two slices of it), the task that
// opened the run and the answer or fault that closed it, and when each record happened.
import { open } from 'node:fs/promises';
import { resolveInWorkspace, transcriptPath } from './paths.js';

export interface TranscriptExcerpt {
  /** Records as JSON text (each at most `maxLineChars`), in file order, with a gap marker when cut. */
  lines: string[];
  /**
   * Each line's `t_ms` (milliseconds since the call started), null for the gap marker and for
   * records written before records carried times. Empty when the lines are not kept.
   */
  times: (number | null)[];
  /** When the call started, from the start record; null when it was not read or has no time. */
  started_at: string | null;
  /** Whether records between the head and the tail were left out here. */
  cut: boolean;
  /** The head of the task (`bridge.call`), when the head was read. */
  task: string | null;
  /** The answer the child gave (`answer` record), when the tail holds it. */
  answer: {
    verdict: string | null;
    findings: string[];
    remaining: string[];
    blockers: string[];
    files_touched: string[];
  } | null;
  /** The harness fault's cause (`harness.fault`), when there is one. */
  fault: string | null;
  /** The run's process died: this transcript is the head kept while it ran. */
  interrupted: boolean;
}

export interface ExcerptOptions {
  /** Bytes read from each end of the file (default 6 KiB). */
  sliceBytes?: number;
  maxLineChars?: number;
  maxTaskChars?: number;
  /** Keep the records themselves (default true); without them only task, answer and fault. */
  lines?: boolean;
  /** Items kept per answer list (default 8) and characters per item or verdict (default 500). */
  listItems?: number;
  itemChars?: number;
}

/** O(sliceBytes) whatever the file's size; null when the run has no readable transcript. */
export async function readTranscriptExcerpt(
  workspace: string,
  runId: string,
  options: ExcerptOptions = {},
): Promise<TranscriptExcerpt | null> {
  const slice = options.sliceBytes ?? 6 * 1024;
  const maxLine = options.maxLineChars ?? 600;
  let handle;
  try {
    handle = await open(resolveInWorkspace(workspace, transcriptPath(runId)), 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead).toString('utf8');
    };
    const whole = size <= 2 * slice;
    const headText = await read(0, whole ? size : slice);
    // A slice may start or end inside a record: only complete lines count.
    const head = whole ? headText.split('\n') : headText.split('\n').slice(0, -1);
    const tail = whole ? [] : (await read(size - slice, slice)).split('\n').slice(1);
    const records = [...head, ...tail].filter((line) => line.trim() !== '');
    const excerpt: TranscriptExcerpt = {
      lines: [],
      times: [],
      started_at: null,
      cut: !whole,
      task: null,
      answer: null,
      fault: null,
      interrupted: false,
    };
    for (const [index, line] of records.entries()) {
      if (options.lines !== false && !whole && index === head.filter((l) => l.trim() !== '').length) {
        excerpt.lines.push('… records between the head and the tail are left out here …');
        excerpt.times.push(null);
      }
      const record = parsed(line);
      if (options.lines !== false) {
        excerpt.lines.push(line.length > maxLine ? `${line.slice(0, maxLine)}…` : line);
        const t = record?.t_ms;
        excerpt.times.push(typeof t === 'number' && Number.isFinite(t) && t >= 0 ? t : null);
      }
      if (record)
        note(excerpt, record, {
          task: options.maxTaskChars ?? 300,
          items: options.listItems ?? 8,
          chars: options.itemChars ?? 500,
        });
    }
    return excerpt;
  } finally {
    await handle.close();
  }
}

// A line as a record, or null when it is not a JSON object.
function parsed(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function note(
  excerpt: TranscriptExcerpt,
  record: Record<string, unknown>,
  max: { task: number; items: number; chars: number },
): void {
  const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : null);
  const list = (value: unknown) =>
    Array.isArray(value)
      ? value
          .filter((item): item is string => typeof item === 'string')
          .slice(0, max.items)
          .map((item) => item.slice(0, max.chars))
      : [];
  if (record.type === 'transcript.start') excerpt.started_at = text(record.started_at, 40);
  else if (record.type === 'bridge.call') excerpt.task = text(record.task, max.task);
  else if (record.type === 'answer') {
    excerpt.answer = {
      verdict: text(record.verdict, max.chars),
      findings: list(record.findings),
      remaining: list(record.remaining),
      blockers: list(record.blockers),
      files_touched: list(record.files_touched),
    };
  } else if (record.type === 'harness.fault') excerpt.fault = text(record.cause, max.chars);
  else if (record.type === 'transcript.interrupted') excerpt.interrupted = true;
}
