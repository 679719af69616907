// Runs the acceptance sequences on this machine, each in its own empty folder, one after another
// (so their processes and timings never mix), and gathers the rows.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { version } from '../package/version.js';
import { concurrencySequences } from './concurrency.js';
import { crashSequences } from './crash.js';
import { cycleSequences } from './cycles.js';
import { detectHost } from './host.js';
import { identitySequences } from './identity.js';
import { platformSequences } from './platform.js';
import type { AcceptanceReport, AcceptanceRow, Outcome, Sequence } from './types.js';

export const sequences: readonly Sequence[] = [
  ...platformSequences,
  ...cycleSequences,
  ...identitySequences,
  ...concurrencySequences,
  ...crashSequences,
];

/** A sequence that has not finished after this long is a failure (a hung lock, a stuck child). */
export const SEQUENCE_TIMEOUT_MS = 180_000;

export interface AcceptanceOptions {
  /** Where the sequences' folders go (a new folder inside it); default a temp folder, removed afterwards. */
  workspace?: string;
  /** Run only these row ids. */
  only?: string[];
  onRow?: (row: AcceptanceRow) => void;
}

async function runOne(sequence: Sequence, dir: string, host: ReturnType<typeof detectHost>): Promise<AcceptanceRow> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  let outcome: Outcome;
  try {
    mkdirSync(dir, { recursive: true });
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`did not finish within ${SEQUENCE_TIMEOUT_MS / 1000} s`)),
        SEQUENCE_TIMEOUT_MS,
      );
    });
    outcome = await Promise.race([sequence.run({ dir, host }), timeout]);
  } catch (error) {
    outcome = { result: 'fail', evidence: (error as Error).message ?? String(error) };
  } finally {
    clearTimeout(timer);
  }
  return {
    id: sequence.id,
    sequence: sequence.sequence,
    ...outcome,
    duration_ms: Math.round(performance.now() - started),
  };
}

export async function runAcceptance(options: AcceptanceOptions = {}): Promise<AcceptanceReport> {
  const chosen = options.only ? sequences.filter((s) => options.only!.includes(s.id)) : [...sequences];
  const unknown = options.only?.filter((id) => !sequences.some((s) => s.id === id)) ?? [];
  if (unknown.length > 0)
    throw new RangeError(`unknown row id(s): ${unknown.join(', ')}; ids: ${sequences.map((s) => s.id).join(', ')}`);
  const host = detectHost(); // a bad PEER_BRIDGE_ACCEPTANCE_HOST is refused before a folder is made
  const base = options.workspace ? path.resolve(options.workspace) : os.tmpdir();
  mkdirSync(base, { recursive: true });
  const root = mkdtempSync(path.join(base, 'peer-bridge-acceptance-'));
  const report: AcceptanceReport = {
    version,
    platform: `${process.platform}-${process.arch}`,
    host: host.wine ? 'wine' : 'native',
    node: process.versions.node,
    workspace: root,
    started_at: new Date().toISOString(),
    rows: [],
    summary: { pass: 0, fail: 0, 'not-verifiable-here': 0 },
  };
  try {
    for (const sequence of chosen) {
      const row = await runOne(sequence, path.join(root, sequence.id), host);
      report.rows.push(row);
      report.summary[row.result] += 1;
      options.onRow?.(row);
    }
  } finally {
    // A temp workspace goes; one the user chose stays for inspection.
    if (!options.workspace) rmSync(root, { recursive: true, force: true, maxRetries: 3 });
  }
  return report;
}
