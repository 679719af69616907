// Versions in one place: every version string the project publishes (the table in
// scripts/versions/fields.ts: package-lock.json, server.json, the MCP bundle manifest, the Claude
// Code and Codex plugin manifests and marketplace entry, the Codex plugin's pinned npx argument,
// the runner plugin packages)
// equals package.json's, and `npm version` (package.json's "version" script) brings them all along.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package/root.js';
import { packageVersion, setAt, valueAt, VERSION_FIELDS, versionValue } from '../../scripts/versions/fields.js';
import { syncVersions } from '../../scripts/versions/sync.js';

const root = packageRoot();
const readJson = (dir: string, file: string): unknown => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));

let copy: string | undefined;
afterEach(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
  copy = undefined;
});

/** package.json and every file of the table, copied into a temp folder. */
function copyOfManifests(): string {
  copy = mkdtempSync(path.join(os.tmpdir(), 'pb-versions-'));
  for (const file of new Set(['package.json', ...VERSION_FIELDS.map((f) => f.file)])) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(copy, file));
  }
  return copy;
}

describe('versions in one place', () => {
  it.each(VERSION_FIELDS.map((field) => [`${field.file} ${JSON.stringify(field.at)}`, field] as const))(
    '%s equals package.json version',
    (_name, field) => {
      expect(valueAt(readJson(root, field.file), field.at)).toBe(versionValue(field, packageVersion(root)));
    },
  );

  it('npm version runs the sync, which writes the new version into every field npm does not', () => {
    const pkg = readJson(root, 'package.json') as { scripts: Record<string, string> };
    expect(pkg.scripts.version).toBe('node --import tsx scripts/versions/sync.ts');
    const dir = copyOfManifests();
    const bumped = { ...(readJson(dir, 'package.json') as object), version: '9.8.7-test.1' };
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify(bumped));
    const written = syncVersions(dir);
    expect(written.length).toBeGreaterThan(0);
    for (const field of VERSION_FIELDS) {
      const expected = versionValue(field, field.writtenByNpm ? packageVersion(root) : '9.8.7-test.1');
      expect(valueAt(readJson(dir, field.file), field.at), `${field.file} ${JSON.stringify(field.at)}`).toBe(expected);
    }
    // Nothing else in those files changed.
    for (const file of written) {
      const before = readJson(root, file);
      for (const field of VERSION_FIELDS.filter((f) => f.file === file && !f.writtenByNpm))
        setAt(before, field.at, versionValue(field, '9.8.7-test.1'), file);
      expect(readJson(dir, file)).toEqual(before);
    }
  });

  it('names the file and the fix when a listed field is missing', () => {
    expect(() => setAt({ packages: [] }, ['packages', 0, 'version'], '1.0.0', 'server.json')).toThrow(
      /server\.json has no version string at \["packages",0,"version"\]; fix the file or scripts\/versions\/fields\.ts/,
    );
  });
});
