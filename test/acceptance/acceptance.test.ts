// `peer-bridge acceptance` as a user runs it: the built command (dist/, as installed) in a real
// process, its JSON checked row by row, and a real fault (an unusable lock directory) that must
// turn rows into failures and the exit status into 1.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/native/load.js';
import { useTempDir } from '../helpers/temp-dir.js';

const root = packageRoot();
const bin = path.join(root, 'dist', 'cli', 'main.cjs');
const tempDir = useTempDir('peer-bridge-acceptance-test-');

interface Row {
  id: string;
  sequence: string;
  result: string;
  evidence: string;
  duration_ms: number;
}

function acceptance(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [bin, 'acceptance', ...args], {
    cwd: tempDir(),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 600_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const WINDOWS_ONLY = ['windows-file-id', 'rename-by-handle', 'acl-change-ctime'];
const EVERYWHERE = [
  'platform-facts',
  'cycle-chinese-path',
  'cycle-external-change',
  'cycle-crlf',
  'cycle-move',
  'cycle-delete',
  'window-large-file',
  'same-batch',
  'identity-rename-replace',
  'same-size-restored-mtime',
  'permission-change-ctime',
  'concurrent-create',
  'concurrent-edits',
  'crash-recovered-unknown',
];

beforeAll(() => {
  if (!existsSync(bin)) throw new Error('dist/ missing: run `npm run build` first (npm test does)');
});

describe('peer-bridge acceptance', () => {
  it('passes every sequence on this machine and says which rows only Windows can show', () => {
    const markdown = path.join(tempDir(), 'report.md');
    const workspace = path.join(tempDir(), 'ws');
    const run = acceptance(['--json', '--markdown', markdown, '--workspace', workspace]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      rows: Row[];
      summary: Record<string, number>;
      host: string;
      platform: string;
      workspace: string;
    };
    expect(report.host).toBe('native');
    expect(report.platform).toBe(`${process.platform}-${process.arch}`);
    const byId = new Map(report.rows.map((row) => [row.id, row]));
    expect([...byId.keys()].sort()).toEqual([...EVERYWHERE, ...WINDOWS_ONLY].sort());
    for (const id of EVERYWHERE) {
      const row = byId.get(id)!;
      expect(row.result, `${id}: ${row.evidence}`).toBe('pass');
      expect(row.evidence.length).toBeGreaterThan(10);
    }
    for (const id of WINDOWS_ONLY) {
      expect(byId.get(id)).toMatchObject({
        result: 'not-verifiable-here',
        evidence: expect.stringContaining('Windows'),
      });
    }
    expect(report.summary).toEqual({ pass: EVERYWHERE.length, fail: 0, 'not-verifiable-here': WINDOWS_ONLY.length });
    expect(byId.get('concurrent-edits')!.evidence).toMatch(/^counter = 30 /);
    expect(byId.get('platform-facts')!.evidence).toContain(
      process.platform === 'linux' ? 'rename=renameat2' : 'rename=',
    );
    // --workspace keeps the sequences' folders (for inspection) inside the given directory.
    expect(path.dirname(report.workspace)).toBe(workspace);
    expect(readdirSync(report.workspace).sort()).toEqual([...byId.keys()].sort());
    const md = readFileSync(markdown, 'utf8');
    expect(md).toContain('| id | sequence | result | evidence | ms |');
    for (const id of byId.keys()) expect(md).toMatch(new RegExp(`^\\| ${id} \\|`, 'm'));
  }, 600_000);

  it('exits 1 and reports the failing rows with their evidence when the lock directory is unusable', () => {
    // A regular file where the lock directory should be: every read and mutation must fail (they
    // return version tokens, whose key lives there), and say why.
    const notADir = path.join(tempDir(), 'locks');
    writeFileSync(notADir, 'not a directory');
    const run = acceptance(['--json', '--only', 'cycle-chinese-path,crash-recovered-unknown'], {
      PEER_BRIDGE_LOCK_DIR: notADir,
    });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as { rows: Row[]; summary: Record<string, number> };
    expect(report.rows.map((row) => [row.id, row.result])).toEqual([
      ['cycle-chinese-path', 'fail'],
      ['crash-recovered-unknown', 'pass'],
    ]);
    expect(report.rows[0]!.evidence).toMatch(/round 1 read_file: expected ok, got FS_IO_ERROR: .*PEER_BRIDGE_LOCK_DIR/);
    expect(report.summary).toEqual({ pass: 1, fail: 1, 'not-verifiable-here': 0 });
  }, 300_000);

  it('refuses a PEER_BRIDGE_ACCEPTANCE_HOST it does not know before it makes any folder', () => {
    const workspace = tempDir();
    const run = acceptance(['--only', 'same-batch', '--workspace', workspace], {
      PEER_BRIDGE_ACCEPTANCE_HOST: 'wine64',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      'peer-bridge: PEER_BRIDGE_ACCEPTANCE_HOST must be one of wine, native, got "wine64"; ' +
        'fix or unset it in the environment that launched peer-bridge\n',
    );
    expect(readdirSync(workspace)).toEqual([]);
  });

  it('prints a table by default and rejects unknown row ids with exit 2', () => {
    const table = acceptance(['--only', 'same-batch']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^pass\s+same-batch\s+3 calls ok in order/m);
    expect(table.stdout).toContain('1 pass, 0 fail, 0 not verifiable here');
    const bad = acceptance(['--only', 'no-such-row']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown row id(s): no-such-row');
    expect(acceptance(['--help']).stdout).toMatch(/^Usage: peer-bridge acceptance/);
  }, 120_000);
});
