// The shape of one row of the settings table (table.ts, system-table.ts).
import type { Parser } from './parse.js';

/**
 * `host`: the user sets it; `carried`: the bridge sets it for its children; `system`: the system or
 * another tool sets it, the bridge reads it; `test`: tests and CI.
 */
export type Scope = 'host' | 'carried' | 'system' | 'test';

export interface Setting<T> {
  parse: Parser<T>;
  /** The value when unset or empty; undefined when the reader computes it (then `shownDefault` says how). */
  default?: T;
  /** The default as the docs show it. */
  shownDefault: string;
  /** What it sets, one line for the docs. */
  sets: string;
  scope: Scope;
  /** The modules that read it. */
  readers: string[];
}

export const entry = <T>(setting: Setting<T>): Setting<T> => setting;
