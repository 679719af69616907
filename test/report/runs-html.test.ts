// `peer-bridge runs --html` end to end: the real CLI writes the page for an empty, a mixed and a
// 100k-call workspace; headless Chromium loads it from disk and the test reads what a person sees.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
  chmodSync,
  utimesSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ledger } from '../../src/state/ledger.js';
import { pruneState } from '../../src/state/retention.js';
import { DEFAULT_RETENTION } from '../../src/state/retention-settings.js';
import { baseEnv, cliArgs, repoRoot } from '../helpers/serve-client.js';
import { chromiumPath, noChromiumReason } from './chromium.js';
import { expectTimedRecords, transcriptRecords } from '../helpers/transcript-times.js';
import { largeHistory, mixedHistory, type Expected } from './fixtures.js';

const artifacts = path.join(repoRoot, 'test-artifacts', 'runs-html');
const dirs: string[] = [];
const tempDir = () => {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'pb-report-')));
  dirs.push(dir);
  return dir;
};

let browser: Browser | undefined;
beforeAll(async () => {
  if (!chromiumPath) return;
  mkdirSync(artifacts, { recursive: true });
  browser = await puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    // root in CI containers: Chromium's sandbox needs user namespaces it may not get.
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function runsHtml(workspace: string, ...extra: string[]): Promise<{ file: string; stdout: string }> {
  const file = path.join(workspace, 'report.html');
  const { stdout } = await execa(
    process.execPath,
    [...cliArgs, 'runs', '--workspace', workspace, '--html', file, ...extra],
    {
      cwd: repoRoot,
      env: baseEnv(),
      extendEnv: false,
    },
  );
  return { file, stdout };
}

/** Opens the file, failing on any console error, page error or network request. */
async function load(file: string, options: { dark?: boolean } = {}): Promise<{ page: Page; problems: string[] }> {
  const page = await browser!.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn')
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${String(error)}`));
  page.on('request', (request) => {
    if (!request.url().startsWith('file:')) problems.push(`network request: ${request.url()}`);
  });
  await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: options.dark ? 'dark' : 'light' }]);
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`file://${file}`, { waitUntil: 'load' });
  await page.waitForSelector('html[data-ready="true"]');
  return { page, problems };
}

const text = (page: Page, selector: string) => page.$eval(selector, (node) => node.textContent ?? '');
const number = async (page: Page, testId: string) =>
  Number((await text(page, `[data-testid="${testId}"]`)).replace(/[^0-9.]/g, ''));

async function expectTotals(page: Page, expected: Expected): Promise<void> {
  expect(await number(page, 'total-calls')).toBe(expected.calls);
  expect(await number(page, 'total-ok')).toBe(expected.ok);
  expect(await number(page, 'total-failed')).toBe(expected.failed);
  expect(await number(page, 'total-unknown')).toBe(expected.unknown);
  expect(await number(page, 'total-cost')).toBeCloseTo(expected.cost, 4);
  expect(await number(page, 'total-tokens')).toBe(expected.tokens);
  const groups = await page.$$eval('details.failure-group', (nodes) =>
    nodes.map((node) => [
      node.getAttribute('data-cause'),
      Number(node.querySelector('[data-testid="failure-count"]')?.textContent?.replace(/\D/g, '')),
    ]),
  );
  expect(Object.fromEntries(groups)).toEqual(expected.byCause);
}

describe.skipIf(!chromiumPath)(
  `peer-bridge runs --html in Chromium${chromiumPath ? '' : ` (skipped: ${noChromiumReason})`}`,
  () => {
    it('an empty workspace gives a page that says so, without errors', async () => {
      const workspace = tempDir();
      const { file, stdout } = await runsHtml(workspace);
      expect(stdout).toMatch(/Wrote .*report\.html \(0 calls/);
      const { page, problems } = await load(file);
      expect(await number(page, 'total-calls')).toBe(0);
      expect(await text(page, '[data-testid="no-failures"]')).toMatch(/No failed calls/);
      expect(await text(page, '#runs-body')).toMatch(/No calls recorded/);
      await page.screenshot({ path: path.join(artifacts, 'empty.png'), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    it('a mixed history: totals and failure groups equal the ledger, an incident opens, keys move and open calls', async () => {
      const workspace = tempDir();
      const expected = mixedHistory(workspace);
      const { file } = await runsHtml(workspace);
      const { page, problems } = await load(file);
      await expectTotals(page, expected);

      // A failure group opens and shows its incident inline, with the file's text as text.
      await page.click('details.failure-group[data-cause="output-limit"] > summary');
      const incident = 'details.failure-group[data-cause="output-limit"] details.incident';
      await page.click(`${incident} > summary`);
      expect(await page.$eval(incident, (node) => (node as unknown as { open: boolean }).open)).toBe(true);
      const shown = await text(page, `${incident} pre`);
      expect(shown).toContain('"fault": "output-limit"');
      expect(shown).toContain('<script>alert(1)</script>');
      expect(await page.$$('script:not([id])')).toHaveLength(1);

      // Keyboard: focus the first row, move down twice, open it with Enter.
      await page.focus('#runs-body tr.run');
      await page.keyboard.press('j');
      await page.keyboard.press('ArrowDown');
      const focused = String(await page.evaluate('document.activeElement && document.activeElement.id'));
      await page.keyboard.press('Enter');
      expect(await page.$eval(`#${focused}`, (node) => node.getAttribute('aria-expanded'))).toBe('true');

      // The recovered unknown call is marked; the substituted effort shows; HTML in a task stays text.
      await page.click('a[data-run]:not([data-run=""])');
      expect(await page.$$eval('.badge', (nodes) => nodes.map((n) => n.textContent))).toContain('recovered');
      await page.type('#filter-text', 'onerror');
      await page.click('#runs-body tr.run');
      expect(await text(page, '#runs-body tr.detail')).toContain('<img src=x onerror=alert(1)> is shown as text');
      expect(await page.$('#runs-body img')).toBeNull();
      await page.$eval('#filter-text', (node) => ((node as unknown as { value: string }).value = ''));
      await page.select('#filter-status', '');
      await page.click('#filter-text');
      await page.keyboard.press('Escape');

      await page.screenshot({ path: path.join(artifacts, 'mixed-light.png'), fullPage: true });
      await page.evaluate('window.scrollTo(0, 0)');
      await page.screenshot({ path: path.join(artifacts, 'mixed-top.png') });
      const { page: dark, problems: darkProblems } = await load(file, { dark: true });
      const background = await dark.evaluate('getComputedStyle(document.body).backgroundColor');
      expect(background).not.toBe(await page.evaluate('getComputedStyle(document.body).backgroundColor'));
      await dark.click('details.failure-group[data-cause="timeout"] > summary');
      await dark.screenshot({ path: path.join(artifacts, 'mixed-dark.png'), fullPage: true });
      expect([...problems, ...darkProblems]).toEqual([]);
      await Promise.all([page.close(), dark.close()]);
    });

    it('100k ledger records: totals over all of them, a file of a few MB, a paginated list', async () => {
      const workspace = tempDir();
      const expected = largeHistory(workspace, 100_000);
      const { file } = await runsHtml(workspace);
      expect(statSync(file).size).toBeLessThan(4 * 1024 * 1024);
      const { page, problems } = await load(file);
      await expectTotals(page, expected);
      expect(await text(page, '[data-testid="page-info"]')).toMatch(/^Calls 1–50 of 1000 listed/);
      await page.click('#next-page');
      expect(await text(page, '[data-testid="page-info"]')).toMatch(/^Calls 51–100 of 1000/);
      await page.click('details.failure-group[data-cause="timeout"] > summary');
      await page.click('details.failure-group[data-cause="timeout"] details.incident > summary');
      expect(await text(page, 'details.failure-group[data-cause="timeout"] details.incident pre')).toContain(
        '"fault": "timeout"',
      );
      await page.screenshot({ path: path.join(artifacts, 'large.png') });
      expect(problems).toEqual([]);
      await page.close();
    }, 600_000);

    it('a pruned call is still listed, and says its transcript and incident were removed by retention', async () => {
      const workspace = tempDir();
      const ledger = new Ledger(workspace);
      const incident = '.peer-bridge/incidents/20261101T000000.000Z-gone-timeout.json';
      for (const id of ['gone', 'kept']) {
        await ledger.start({
          run_id: id,
          verb: 'review',
          runner: 'codex',
          direction: 'cli->codex',
          budget_seconds: 1,
          depth: 0,
        });
        await ledger.settle({
          run_id: id,
          status: id === 'gone' ? 'timeout' : 'complete',
          incident: id === 'gone' ? incident : null,
          duration_seconds: 1,
        });
        const transcript = path.join(workspace, '.peer-bridge', 'transcripts', `${id}.jsonl`);
        mkdirSync(path.dirname(transcript), { recursive: true });
        const records = [
          { type: 'transcript.start', run_id: id },
          { type: 'bridge.call', task: `task of ${id}` },
        ];
        writeFileSync(transcript, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
      }
      mkdirSync(path.join(workspace, '.peer-bridge', 'incidents'));
      writeFileSync(path.join(workspace, incident), '{"fault":"timeout"}\n');
      const old = (Date.now() - 40 * 86_400_000) / 1000;
      utimesSync(path.join(workspace, '.peer-bridge', 'transcripts', 'gone.jsonl'), old, old);
      utimesSync(path.join(workspace, incident), old, old);
      expect((await pruneState(workspace, DEFAULT_RETENTION)).removed).toHaveLength(2);

      const { file, stdout } = await runsHtml(workspace);
      expect(stdout).toMatch(/\(2 calls/);
      const { page, problems } = await load(file);
      expect(await number(page, 'total-calls')).toBe(2);
      const open = async (id: string) => {
        await page.$eval('#filter-text', (node) => ((node as unknown as { value: string }).value = ''));
        await page.type('#filter-text', id);
        await page.click('#runs-body tr.run');
        return text(page, '#runs-body tr.detail');
      };
      const gone = await open('gone');
      expect(gone).toMatch(/Transcript removed by retention on 20\d\d-[\d-]+ [\d:]+Z \(older than 30d\)\./);
      expect(gone).toMatch(/The incident file was removed by retention on .* \(older than 30d\)\./);
      expect(gone).not.toContain('No transcript was kept');
      const kept = await open('kept');
      expect(kept).toContain('task of kept');
      expect(kept).not.toContain('removed by retention');
      await page.screenshot({ path: path.join(artifacts, 'pruned.png'), fullPage: true });
      expect(problems).toEqual([]);
      await page.close();
    });

    it('--since and --limit choose the calls; --open hands the file to the system opener', async () => {
      const workspace = tempDir();
      mixedHistory(workspace);
      const bin = path.join(workspace, 'bin');
      mkdirSync(bin);
      const opened = path.join(workspace, 'opened.txt');
      writeFileSync(path.join(bin, 'xdg-open'), `#!/bin/sh\necho "$1" > "${opened}"\n`);
      chmodSync(path.join(bin, 'xdg-open'), 0o755);
      const file = path.join(workspace, 'since.html');
      await execa(
        process.execPath,
        [...cliArgs, 'runs', '-w', workspace, '--html', file, '--since', '2026-11-04', '--open'],
        {
          cwd: repoRoot,
          env: baseEnv({ PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}` }),
          extendEnv: false,
        },
      );
      const { page, problems } = await load(file);
      // Days 3, 4 and 5 of the history (a rejection, a recovered unknown, two completed calls).
      expect(await number(page, 'total-calls')).toBe(4);
      const limited = await runsHtml(workspace, '--limit', '2');
      const { page: second } = await load(limited.file);
      expect(await number(second, 'total-calls')).toBe(2);
      await expect.poll(() => readFileSync(opened, 'utf8').trim(), { timeout: 30_000 }).toBe(file);
      expect(problems).toEqual([]);
      await Promise.all([page.close(), second.close()]);
    });
  },
);

describe.skipIf(!chromiumPath)(
  `a call's own timeline in Chromium${chromiumPath ? '' : ` (skipped: ${noChromiumReason})`}`,
  () => {
    it("a real call's records at their times on its own timeline; an older transcript without times still reads", async () => {
      const { startResponsesDouble } = await import('../doubles/openai-responses-server.js');
      const { answer, codexEnv } = await import('../helpers/peers.js');
      const workspace = tempDir();
      mixedHistory(workspace);
      const double = await startResponsesDouble([
        { kind: 'tool', command: 'echo timed' },
        { kind: 'answer', answer: answer({ verdict: 'Timed and fine.' }) },
      ]);
      let envelope: { run_id: string; transcript_path: string };
      try {
        const { stdout } = await execa(
          process.execPath,
          [...cliArgs, 'run', 'advise', 'time this', '--json', '-w', workspace],
          { cwd: repoRoot, env: baseEnv(codexEnv(double.origin, tempDir())), extendEnv: false },
        );
        envelope = JSON.parse(stdout) as typeof envelope;
      } finally {
        await double.close();
      }
      const records = expectTimedRecords(
        transcriptRecords(readFileSync(path.join(workspace, envelope.transcript_path), 'utf8')),
      );
      const { file } = await runsHtml(workspace);
      const { page, problems } = await load(file);
      // The real call is the newest: the first row.
      await page.click('#runs-body tr.run');
      const detail = '#runs-body tr.detail';
      const ticks = await page.$$eval(`${detail} svg[data-testid="call-timeline"] rect.tick`, (nodes) =>
        nodes.map((node) => ({
          t: Number(node.getAttribute('data-t')),
          type: node.getAttribute('data-type'),
          x: Number(node.getAttribute('x')),
          title: node.textContent,
        })),
      );
      expect(ticks.map((tick) => [tick.t, tick.type])).toEqual(records.map((r) => [r.t_ms, r.type]));
      for (const [i, tick] of ticks.entries()) {
        if (i > 0) expect(tick.x).toBeGreaterThanOrEqual(ticks[i - 1]!.x);
        expect(tick.title).toBe(`+${(tick.t / 1000).toFixed(3)} s  ${tick.type}`);
      }
      expect(ticks[0]!.x).toBeLessThan(ticks.at(-1)!.x);
      const caption = await text(page, `${detail} [data-testid="call-timeline-caption"]`);
      expect(caption).toContain(`${records.length} records over ${(records.at(-1)!.t_ms / 1000).toFixed(3)} s`);
      expect(caption).toContain(`from ${String(records[0]!.started_at).replace('T', ' ')}`);
      await page.click(`${detail} details.transcript > summary`);
      const lines = (await text(page, `${detail} details.transcript pre`)).split('\n');
      expect(lines[0]).toMatch(/^ +\+0\.000 s {2}\{"type":"transcript\.start"/);
      expect(lines.at(-1)).toContain(
        `+${(records.at(-1)!.t_ms / 1000).toFixed(3)} s  {"type":"${records.at(-1)!.type}"`,
      );
      await page.screenshot({ path: path.join(artifacts, 'call-timeline.png'), fullPage: true });

      // A transcript written before records carried times: no timeline, the records as they are.
      await page.type('#filter-text', 'run-ok-4');
      await page.click('#runs-body tr.run');
      expect(await page.$(`${detail} svg[data-testid="call-timeline"]`)).toBeNull();
      expect(await text(page, `${detail} [data-testid="no-times"]`)).toMatch(/carry no times/);
      expect(await text(page, `${detail} details.transcript pre`)).toMatch(/^\{"type":"transcript\.start"/);
      expect(problems).toEqual([]);
      await page.close();
    }, 180_000);
  },
);

describe('peer-bridge runs argument checks', () => {
  it('refuses a bad --since and --open without --html, saying what to do', async () => {
    const workspace = tempDir();
    for (const args of [['--html', '--since', 'yesterday'], ['--open']]) {
      const result = await execa(process.execPath, [...cliArgs, 'runs', '-w', workspace, ...args], {
        cwd: repoRoot,
        env: baseEnv(),
        extendEnv: false,
        reject: false,
      });
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toMatch(/--since must be an ISO date|--open goes with --html/);
    }
  });
});
