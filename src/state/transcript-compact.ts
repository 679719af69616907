// Keeps transcript records small: command output becomes its byte count and sha256 (enough to
// tell outputs apart and to check a copy), and any other very long string is cut.
import { createHash } from 'node:crypto';
import { prefixWithinBytes, utf8Length } from '../text-cut.js';

export interface CompactOptions {
  /** Property names whose string values are command output (replaced by bytes + sha256). */
  outputFields: ReadonlySet<string>;
  /** Longest string kept whole, in UTF-8 bytes; longer ones keep a prefix and a cut note. */
  maxStringBytes: number;
}

export const defaultOutputFields: ReadonlySet<string> = new Set([
  'output',
  'aggregated_output',
  'formatted_output',
  'stdout',
  'stderr',
]);

export interface CompactedOutput {
  bytes: number;
  sha256: string;
}

export function digestOutput(text: string): CompactedOutput {
  return { bytes: utf8Length(text), sha256: createHash('sha256').update(text, 'utf8').digest('hex') };
}

const maxDepth = 32;

/** A copy of `value` with command output digested and long strings cut. */
export function compactRecord(value: unknown, options: CompactOptions, depth = 0): unknown {
  if (typeof value === 'string') {
    // A UTF-16 length under a quarter of the budget is under the budget in UTF-8 too.
    if (value.length * 3 <= options.maxStringBytes) return value;
    const bytes = utf8Length(value);
    if (bytes <= options.maxStringBytes) return value;
    return `${prefixWithinBytes(value, options.maxStringBytes)}…[cut: ${bytes} bytes in all]`;
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxDepth) return '[cut: nested too deeply]';
  if (Array.isArray(value)) return value.map((item) => compactRecord(item, options, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    out[key] =
      typeof child === 'string' && options.outputFields.has(key)
        ? digestOutput(child)
        : compactRecord(child, options, depth + 1);
  }
  return out;
}
