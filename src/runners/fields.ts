// Reading the fields of a child's JSON lines without trusting their types. A CLI that changes its
// output, or a peer that prints look-alike lines, must not make a mapper throw or put a value into
// the envelope that breaks its schema: every reader returns the expected type (or null/empty) and
// notes what it ignored or clipped, once per field, for the transcript.
import type { ErrorEvent } from './types.js';

/** Longest id or model name kept (the envelope's session_id and model hold 200). */
export const MAX_ID_CHARS = 200;
/** Longest command, path or error message kept in an event. */
export const MAX_FIELD_CHARS = 4000;
/** Most token counters kept from one usage object. */
export const MAX_COUNTERS = 32;

const COUNTER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

export type Json = Record<string, unknown>;

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `a string of ${value.length} characters`;
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** True for a plain JSON object (not null, not a list). */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property of a lookup table (so `__proto__` or `toString` never match). */
export function lookup<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}

export class FieldReader {
  private readonly noted = new Set<string>();
  private pending: ErrorEvent[] = [];

  constructor(private readonly source: string) {}

  /** Records that `field` did not fit (once per field and problem). */
  note(field: string, problem: string): void {
    const key = `${field}\0${problem}`;
    if (this.noted.has(key)) return;
    this.noted.add(key);
    this.pending.push({
      type: 'error',
      fatal: false,
      cause: 'odd-field',
      message: `${this.source} sent ${field} as ${problem}; ignored or clipped it`,
    });
  }

  /** The notes since the last call, as non-fatal error events. */
  drain(): ErrorEvent[] {
    const out = this.pending;
    this.pending = [];
    return out;
  }

  /** A string, clipped to `max` characters; null (noted unless absent) otherwise. */
  text(value: unknown, field: string, max = Infinity): string | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string') {
      this.note(field, kind(value));
      return null;
    }
    if (value.length <= max) return value;
    this.note(field, `${kind(value)} (more than ${max})`);
    return value.slice(0, max);
  }

  /** An id or a model name: a non-empty string of at most 200 characters, else null. */
  id(value: unknown, field: string): string | null {
    if (value === undefined || value === null) return null;
    if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_CHARS) {
      this.note(field, kind(value));
      return null;
    }
    return value;
  }

  /** A list (empty when absent or not a list). */
  list(value: unknown, field: string): unknown[] {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    this.note(field, kind(value));
    return [];
  }

  /** An object, or null. */
  object(value: unknown, field: string): Json | null {
    if (value === undefined || value === null) return null;
    if (isObject(value)) return value;
    this.note(field, kind(value));
    return null;
  }

  /** An integer such as an exit code or an attempt number (safe range), else null. */
  integer(value: unknown, field: string): number | null {
    if (value === undefined || value === null) return null;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    this.note(field, typeof value === 'number' ? `the number ${value}` : kind(value));
    return null;
  }

  /** A USD amount: a finite number ≥ 0, else null. */
  cost(value: unknown, field: string): number | null {
    if (value === undefined || value === null) return null;
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return value;
    this.note(field, typeof value === 'number' ? `the number ${value}` : kind(value));
    return null;
  }

  /**
   * Token counters: numeric entries only (usage objects also carry strings and nested objects,
   * which are skipped silently), each a non-negative integer clipped to the safe range, at most
   * 32 of them with plain names.
   */
  counters(value: unknown, field: string): Record<string, number> {
    const out: Record<string, number> = {};
    const usage = this.object(value, field);
    if (!usage) return out;
    let kept = 0;
    for (const [name, n] of Object.entries(usage)) {
      if (typeof n !== 'number') continue;
      if (!COUNTER_NAME.test(name)) {
        this.note(`${field} counter names`, 'names that are not plain identifiers');
        continue;
      }
      if (kept >= MAX_COUNTERS) {
        this.note(field, `more than ${MAX_COUNTERS} counters`);
        break;
      }
      if (Number.isNaN(n) || n < 0) {
        this.note(`${field}.${name}`, `the number ${n}`);
        continue;
      }
      const clipped = Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER);
      if (clipped !== n) this.note(`${field}.${name}`, `the number ${n}`);
      out[name] = clipped;
      kept += 1;
    }
    return out;
  }
}
