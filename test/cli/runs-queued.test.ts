// Queue time in the run history: `peer-bridge runs` (text and JSON) and `runs --html` (read in
// headless Chromium) show how long a call waited for its writer turn and a peer slot, apart from
// the time its peer took. The ledger is written through the Ledger, as the bridge writes it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { afterAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { baseEnv, cliArgs, repoRoot } from '../helpers/serve-client.js';
import { chromiumPath, noChromiumReason } from '../report/chromium.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function cli(args: string[]) {
  const result = spawnSync(process.execPath, [...cliArgs, ...args], {
    cwd: repoRoot,
    env: baseEnv(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

// Three calls: one that waited 4.2 s before its peer ran 2 s, one cancelled after 1.5 s in the
// queue, one that never waited.
async function history(): Promise<string> {
  const workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'pb-runs-queued-')));
  dirs.push(workspace);
  const ledger = new Ledger(workspace);
  const start = { verb: 'advise', runner: 'codex', direction: 'claude-code->codex', budget_seconds: 120, depth: 0 };
  await ledger.start({ ...start, run_id: 'waited', task_preview: 'Waited its turn', queued_seconds: 4.2 });
  await ledger.settle({ run_id: 'waited', status: 'complete', incident: null, duration_seconds: 2 });
  await ledger.result({
    run_id: 'gave-up',
    tool: 'advise',
    status: 'blocked',
    code: 'cancelled',
    reason: 'cancelled: the caller cancelled the call after 1.5 s in the queue; no peer was started',
    task_preview: 'Cancelled in line',
    queued_seconds: 1.5,
  });
  await ledger.start({ ...start, run_id: 'straight', task_preview: 'Went straight in' });
  await ledger.settle({ run_id: 'straight', status: 'complete', incident: null, duration_seconds: 3 });
  return workspace;
}

describe('queue time in peer-bridge runs', () => {
  it('lists it under the call, apart from the time its peer took, and in --json', async () => {
    const workspace = await history();
    const json = JSON.parse(cli(['runs', '--json', '--workspace', workspace]).stdout) as Array<{
      run_id: string;
      queued_seconds: number | null;
      duration_seconds: number;
    }>;
    expect(json.map((r) => [r.run_id, r.queued_seconds, r.duration_seconds])).toEqual([
      ['straight', null, 3],
      ['gave-up', 1.5, 0],
      ['waited', 4.2, 2],
    ]);
    const table = cli(['runs', '--workspace', workspace]).stdout;
    expect(table).toMatch(
      /complete\s+advise\s+claude-code->codex\s+2\.0s\s+waited\n {4}"Waited its turn"\n {4}queued 4\.2s before its peer started\n/,
    );
    expect(table).toContain('    queued 1.5s, then cancelled before a peer started');
    expect(table).toMatch(/straight\n {4}"Went straight in"\n(?! {4}queued)/);
  });

  it.skipIf(!chromiumPath)(
    `shows it in the call's details of runs --html${chromiumPath ? '' : ` (skipped: ${noChromiumReason})`}`,
    async () => {
      const workspace = await history();
      const file = path.join(workspace, 'report.html');
      expect(cli(['runs', '--workspace', workspace, '--html', file]).code).toBe(0);
      const browser = await puppeteer.launch({
        executablePath: chromiumPath,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
      try {
        const page = await browser.newPage();
        await page.goto(`file://${file}`, { waitUntil: 'load' });
        await page.waitForSelector('html[data-ready="true"]');
        // Newest first: straight, gave-up, waited. Open all three.
        for (const index of [0, 1, 2]) await page.click(`#runs-body tr.run[data-index="${index}"]`);
        const shown = await page.$$eval('#runs-body tr.detail', (rows) =>
          rows.map((row) => row.querySelector('[data-testid="queued"]')?.textContent ?? null),
        );
        expect(shown).toEqual([
          null,
          'Queued 1.5 s for its writer turn and a peer slot, then cancelled before a peer started.',
          'Queued 4.2 s for its writer turn and a peer slot before its peer started (not counted in the time taken).',
        ]);
      } finally {
        await browser.close();
      }
    },
    120_000,
  );
});
