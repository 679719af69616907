// The files of src/ that people write (src/generated/ is written by the generators), for the tests
// in test/structure/ that keep the shape of the code.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export const srcRoot = path.resolve(import.meta.dirname, '../../src');
const generated = path.join(srcRoot, 'generated');

/** Every file below src/ outside src/generated/ whose name passes `keep`, as absolute paths. */
export function handWrittenFiles(keep: (name: string) => boolean = () => true, dir = srcRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === generated ? [] : handWrittenFiles(keep, full);
    return keep(entry.name) ? [full] : [];
  });
}

/** The path as the failure messages show it: relative to the project, with forward slashes. */
export function shown(file: string): string {
  return path.relative(path.dirname(srcRoot), file).split(path.sep).join('/');
}
