// The settings table is the one list of PEER_BRIDGE_* variables: docs/bridge.md shows it as it is,
// nothing in src/ or docs/ names a variable it lacks, and a bad value is an error, not a default.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SETTINGS_END, SETTINGS_START, settingsMarkdown } from '../../src/settings/docs-table.js';
import { SettingError } from '../../src/settings/parse.js';
import { settingsReport } from '../../src/settings/problems.js';
import { readPatterned, readSetting } from '../../src/settings/read.js';
import { SETTINGS, type SettingName } from '../../src/settings/table.js';

const root = path.resolve(import.meta.dirname, '../..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && ext.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}generated${path.sep}`));
}

// Names only: not error codes (ERR_PEER_BRIDGE_…) nor prefixes and patterns (PEER_BRIDGE_*, PEER_BRIDGE_<NAME>_BIN).
const NAME = /(?<![A-Z_])PEER_BRIDGE_[A-Z0-9_]*[A-Z0-9](?![A-Z0-9_<*$])/g;

describe('the settings table', () => {
  it('is shown in docs/bridge.md exactly as the table has it', () => {
    const docs = readFileSync(path.join(root, 'docs/bridge.md'), 'utf8');
    const start = docs.indexOf(SETTINGS_START);
    const end = docs.indexOf(SETTINGS_END);
    expect(start, 'the settings markers in docs/bridge.md').toBeGreaterThan(0);
    const shown = docs.slice(start + SETTINGS_START.length, end).trim();
    expect(shown, 'run `npm run docs:settings`').toBe(settingsMarkdown());
    for (const [name, setting] of Object.entries(SETTINGS)) {
      expect(shown).toContain(`| \`${name}\` | ${setting.sets} | ${setting.parse.allowed} | ${setting.shownDefault} |`);
    }
  });

  it('holds every PEER_BRIDGE_ variable that src/ or docs/ names', () => {
    const named = new Map<string, string>();
    for (const file of [...filesUnder('src', /\.ts$/), ...filesUnder('docs', /\.md$/)]) {
      for (const match of readFileSync(file, 'utf8').matchAll(NAME)) named.set(match[0], path.relative(root, file));
    }
    expect(named.size).toBeGreaterThan(20);
    const missing = [...named].filter(([name]) => !(name in SETTINGS)).map(([name, file]) => `${name} (${file})`);
    expect(missing, 'add them to src/settings/table.ts').toEqual([]);
  });

  it('gives each default through its own parser, and unset or blank as the default', () => {
    for (const [name, setting] of Object.entries(SETTINGS)) {
      if (setting.default === undefined) continue;
      expect(setting.parse.parse(String(setting.default)), name).toBe(setting.default);
      expect(readSetting(name as SettingName, {}), name).toBe(setting.default);
      expect(readSetting(name as SettingName, { [name]: '  ' }), name).toBe(setting.default);
    }
    expect(readSetting('PEER_BRIDGE_PEER_NICE', { PEER_BRIDGE_PEER_NICE: ' 7 ' })).toBe(7);
    expect(readSetting('PEER_BRIDGE_SPAWN_THREAD', { PEER_BRIDGE_SPAWN_THREAD: 'on' })).toBe('on');
  });

  it('refuses a bad value, naming the variable, the value and what is allowed', () => {
    // One case per kind of parser: whole numbers, timers, words, switches, ages and sizes.
    const cases: [SettingName, string, string][] = [
      ['PEER_BRIDGE_PEER_NICE', '20', 'a whole number from 0 to 19'],
      ['PEER_BRIDGE_MAX_PEERS', '0x10', 'a whole number from 1 to 1024 (peers one server runs at once)'],
      ['PEER_BRIDGE_HEARTBEAT_MS', '2.5', 'a whole number of milliseconds from 1 to 2147483647'],
      ['PEER_BRIDGE_SPAWN_THREAD', 'yes', 'one of on, off'],
      ['PEER_BRIDGE_ACCEPTANCE_HOST', 'wine64', 'one of wine, native'],
      ['PEER_BRIDGE_REQUIRE_WINE', 'true', 'one of 0, 1'],
      ['PEER_BRIDGE_PEER_WORKBENCH', 'of', 'on or off (or 1, true, yes / 0, false, no)'],
      ['PEER_BRIDGE_STATE_MAX_AGE', '30 days', 'an age such as 30d, 12h or 90m, or 0 to keep files whatever their age'],
      [
        'PEER_BRIDGE_STATE_MAX_BYTES',
        '512KiB',
        'a size of at least 1 MiB, in bytes or with KiB, MiB or GiB (e.g. 512MiB), or 0 for no size limit',
      ],
    ];
    for (const [name, value, allowed] of cases) {
      let thrown: unknown;
      try {
        readSetting(name, { [name]: value });
      } catch (error) {
        thrown = error;
      }
      expect(thrown, name).toBeInstanceOf(SettingError);
      expect((thrown as Error).message).toBe(
        `${name} must be ${allowed}, got ${JSON.stringify(value)}; ` +
          'fix or unset it in the environment that launched peer-bridge',
      );
    }
  });

  it('reads switches, ages, sizes and paths into their types', () => {
    const read = <N extends SettingName>(name: N, value: string) => readSetting(name, { [name]: value });
    expect(['OFF', 'no', '0', 'false'].map((v) => read('PEER_BRIDGE_PEER_WORKBENCH', v))).toEqual([
      false,
      false,
      false,
      false,
    ]);
    expect(['on', 'Yes', '1', 'TRUE'].map((v) => read('PEER_BRIDGE_PEER_WORKBENCH', v))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(read('PEER_BRIDGE_STATE_MAX_AGE', '12h')).toBe(12 * 3_600_000);
    expect(read('PEER_BRIDGE_STATE_MAX_AGE', '0')).toBe(0);
    expect(read('PEER_BRIDGE_STATE_MAX_BYTES', '2 GiB')).toBe(2 * 1024 ** 3);
    expect(read('PEER_BRIDGE_STATE_MAX_BYTES', '0')).toBe(0);
    expect(read('PEER_BRIDGE_LOCK_DIR', ' /srv/locks ')).toBe('/srv/locks');
    expect(readSetting('PEER_BRIDGE_LOCK_DIR', {})).toBeUndefined();
  });

  it('reads a PEER_BRIDGE_<NAME>_BIN through its pattern row, and only names that match it', () => {
    expect(readPatterned('PEER_BRIDGE_<NAME>_BIN', 'PEER_BRIDGE_RG_BIN', { PEER_BRIDGE_RG_BIN: '/opt/rg ' })).toBe(
      '/opt/rg',
    );
    expect(readPatterned('PEER_BRIDGE_<NAME>_BIN', 'PEER_BRIDGE_RG_BIN', { PEER_BRIDGE_RG_BIN: ' ' })).toBeUndefined();
    expect(readPatterned('PEER_BRIDGE_<NAME>_BIN', 'PEER_BRIDGE_CODEX_BIN', { PEER_BRIDGE_CODEX_BIN: '/c' })).toBe(
      '/c',
    );
    expect(() => readPatterned('PEER_BRIDGE_<NAME>_BIN', 'PEER_BRIDGE_DEPTH', {})).toThrow(RangeError);
  });

  it('reports every bad value of an environment at once, as doctor shows them', () => {
    const report = settingsReport({
      PEER_BRIDGE_MAX_DEPTH: '2',
      PEER_BRIDGE_PEER_NICE: 'low',
      PEER_BRIDGE_STATE_MAX_AGE: '1y',
      PEER_BRIDGE_CONFIG: '  ',
      HOME: '/home/someone',
    });
    expect(report.set).toEqual(['PEER_BRIDGE_MAX_DEPTH', 'PEER_BRIDGE_PEER_NICE', 'PEER_BRIDGE_STATE_MAX_AGE', 'HOME']);
    expect(report.problems.map((p) => [p.variable, p.value])).toEqual([
      ['PEER_BRIDGE_PEER_NICE', 'low'],
      ['PEER_BRIDGE_STATE_MAX_AGE', '1y'],
    ]);
    expect(settingsReport({}).problems).toEqual([]);
  });
});
