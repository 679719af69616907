// Reads what the vitest wrappers need from a `node --test --test-reporter=tap` run of this suite.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const conformanceDir = path.dirname(fileURLToPath(import.meta.url));

/** The suite's files, in a stable order. */
export function conformanceFiles(): string[] {
  return readdirSync(conformanceDir)
    .filter((name) => name.endsWith('.test.mjs'))
    .sort()
    .map((name) => path.join(conformanceDir, name));
}

export interface TapSummary {
  tests: number;
  pass: number;
  fail: number;
  skipped: number;
  passed: string[];
  failed: string[];
  /** Skipped test names with their reasons. */
  skips: Record<string, string>;
}

/** Top-level results (the suite has no nested tests) and the runner's closing counts. */
export function parseTap(tap: string): TapSummary {
  const count = (key: string): number => {
    const match = new RegExp(`^# ${key} (\\d+)$`, 'm').exec(tap);
    if (!match) throw new Error(`no "# ${key}" line in the TAP output:\n${tap.slice(-2000)}`);
    return Number(match[1]);
  };
  const summary: TapSummary = {
    tests: count('tests'),
    pass: count('pass'),
    fail: count('fail'),
    skipped: count('skipped'),
    passed: [],
    failed: [],
    skips: {},
  };
  for (const match of tap.matchAll(/^(ok|not ok) \d+ - (.*?)(?: # SKIP (.*))?$/gm)) {
    const [, verdict, name, reason] = match;
    if (reason !== undefined) summary.skips[name!] = reason;
    else if (verdict === 'ok') summary.passed.push(name!);
    else summary.failed.push(name!);
  }
  return summary;
}
