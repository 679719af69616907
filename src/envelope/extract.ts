// A child sometimes wraps its JSON answer in prose or a Markdown code fence. The answer is taken
// from such text only when exactly one JSON object can be found in it; anything else is rejected
// rather than guessed at.
import type { CoreEnvelope } from '../generated/envelope.js';
import { validateCore } from './validate-core.js';

export type ExtractedCore =
  | { ok: true; core: CoreEnvelope; extracted: boolean }
  | { ok: false; reason: string; problems: string[]; candidates: number };

/** Text longer than this is not searched for an answer (a core is at most about 75 KB). */
export const maxAnswerTextLength = 1024 * 1024;

// Bounds the brace scan so text full of unmatched "{" cannot make extraction quadratic.
const scanBudgetFactor = 64;

/** Index just past the "}" that closes the "{" at `start`, or -1; JSON strings are skipped. */
function matchBrace(text: string, start: number, budget: { left: number }): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    if (--budget.left < 0) return -1;
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d && --depth === 0) return i + 1;
  }
  return -1;
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

// The same JSON value whatever the order of its keys: a repeated answer is one candidate.
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, (v as Record<string, unknown>)[k]]),
        )
      : v,
  );
}

/** Every outermost JSON object in `text` (equal ones counted once), or null when over budget. */
export function findJsonObjects(text: string): Record<string, unknown>[] | null {
  const found = new Map<string, Record<string, unknown>>();
  const budget = { left: text.length * scanBudgetFactor + 1024 };
  let i = text.indexOf('{');
  while (i !== -1) {
    const end = matchBrace(text, i, budget);
    if (budget.left < 0) return null;
    const object = end === -1 ? undefined : parseObject(text.slice(i, end));
    if (object) {
      found.set(canonical(object), object);
      i = text.indexOf('{', end);
    } else {
      i = text.indexOf('{', i + 1);
    }
  }
  return [...found.values()];
}

function failure(reason: string, candidates: number): ExtractedCore {
  return { ok: false, reason, problems: [reason], candidates };
}

/**
 * Reads a child's final answer text as a core envelope: the whole text when it is JSON, else the
 * one JSON object found in prose or a code fence, then validates it with validateCore.
 * No object, or more than one distinct object, is a rejection with a reason.
 */
export function extractCoreAnswer(text: string): ExtractedCore {
  const trimmed = text.trim();
  if (trimmed === '') return failure('the answer is empty', 0);
  if (trimmed.length > maxAnswerTextLength) {
    return failure(
      `the answer is ${trimmed.length} characters long, more than ${maxAnswerTextLength} searched for JSON`,
      0,
    );
  }
  let whole: unknown;
  let isWholeJson = false;
  try {
    whole = JSON.parse(trimmed);
    isWholeJson = true;
  } catch {
    // Not JSON as a whole: look for one object inside the prose.
  }
  if (isWholeJson) {
    const result = validateCore(whole);
    return result.ok ? { ...result, extracted: false } : { ...result, candidates: 1 };
  }
  const objects = findJsonObjects(trimmed);
  if (objects === null) return failure('the answer has too many unmatched braces to search for JSON', 0);
  if (objects.length === 0) return failure('the answer contains no JSON object', 0);
  if (objects.length > 1) {
    return failure(
      `the answer contains ${objects.length} different JSON objects; it is ambiguous which one is the answer`,
      objects.length,
    );
  }
  const result = validateCore(objects[0]);
  return result.ok ? { ...result, extracted: true } : { ...result, candidates: 1 };
}
