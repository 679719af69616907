// What a settled call used and cost (model, effort, substitution, cost, tokens), read from its
// settle record. The fields are newer than the ledger format and a peer can write the file: a
// field of the wrong type reads as unknown instead of invalidating the record.
import type { SettleRecord } from './ledger-records.js';

export interface RunUsage {
  model: string | null;
  effort: string | null;
  effort_substituted: { requested: string; applied: string; reason: string } | null;
  cost: number | null;
  tokens: Record<string, number>;
}

const MAX_TEXT = 200;
const MAX_TOKEN_KINDS = 16;

const text = (value: unknown): string | null => (typeof value === 'string' ? value.slice(0, MAX_TEXT) : null);

/** The usage fields of a settle record (all unknown for a record without them). O(1). */
export function runUsage(record: SettleRecord | undefined): RunUsage {
  const raw = (record ?? {}) as Record<string, unknown>;
  const cost = typeof raw.cost === 'number' && Number.isFinite(raw.cost) && raw.cost >= 0 ? raw.cost : null;
  const tokens: Record<string, number> = {};
  if (raw.tokens && typeof raw.tokens === 'object' && !Array.isArray(raw.tokens)) {
    for (const [kind, count] of Object.entries(raw.tokens).slice(0, MAX_TOKEN_KINDS)) {
      if (typeof count === 'number' && Number.isSafeInteger(count) && count >= 0) tokens[kind.slice(0, 40)] = count;
    }
  }
  const sub = raw.effort_substituted as Record<string, unknown> | null | undefined;
  const substituted =
    sub && typeof sub === 'object' && [sub.requested, sub.applied, sub.reason].every((v) => typeof v === 'string')
      ? { requested: text(sub.requested)!, applied: text(sub.applied)!, reason: text(sub.reason)! }
      : null;
  return { model: text(raw.model), effort: text(raw.effort), effort_substituted: substituted, cost, tokens };
}
