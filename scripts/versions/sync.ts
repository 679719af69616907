// `npm version <new>` runs this (package.json's "version" script) after npm has written the new
// version to package.json and package-lock.json: every other manifest gets it too, and is staged
// for the version commit. Also runnable by hand: node --import tsx scripts/versions/sync.ts
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packageVersion, setAt, VERSION_FIELDS, versionValue } from './fields.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Writes package.json's version into every field of the table that npm does not write; returns the files. */
export function syncVersions(repo: string): string[] {
  const version = packageVersion(repo);
  const ours = VERSION_FIELDS.filter((f) => !f.writtenByNpm);
  const files = [...new Set(ours.map((f) => f.file))];
  for (const file of files) {
    const full = path.join(repo, file);
    const data: unknown = JSON.parse(readFileSync(full, 'utf8'));
    // Only this script's fields: in package-lock.json npm has written its own already.
    for (const field of ours.filter((f) => f.file === file)) setAt(data, field.at, versionValue(field, version), file);
    writeFileSync(full, `${JSON.stringify(data, null, 2)}\n`);
  }
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = syncVersions(root);
  // Inside `npm version` the files join its commit; by hand, nothing is staged.
  if (process.env.npm_lifecycle_event === 'version') execFileSync('git', ['add', '--', ...files], { cwd: root });
  console.error(`set ${packageVersion(root)} in ${files.join(', ')}`);
}
