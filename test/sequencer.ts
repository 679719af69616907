// The order test files start in: longest first, so the last files to finish are short ones and
// every worker stays busy to the end (a long file started last would run alone). Durations come
// from vitest's own cache of the previous run on this machine (node_modules/.vite) when it has
// them, and otherwise from test/durations.json (seconds measured on a quiet 2-core machine), so a
// fresh clone starts in a good order too. A file in neither is estimated from its size, as vitest
// does. The order changes how long the run takes, never what it runs.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const measured = JSON.parse(readFileSync(fileURLToPath(new URL('durations.json', import.meta.url)), 'utf8')) as {
  files: Record<string, number>;
};

/** Milliseconds per byte of test file, for files with no duration known (about the suite's median). */
const MS_PER_BYTE = 0.2;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = new Map(files.map((file) => [file, this.expectedMs(file)]));
    return [...files].sort((a, b) => expected.get(b)! - expected.get(a)!);
  }

  private expectedMs(file: TestSpecification): number {
    const relative = path.relative(this.ctx.config.root, file.moduleId).split(path.sep).join('/');
    const cached = this.ctx.cache.getFileTestResults(`${file.project.name}:${relative}`);
    if (cached && !cached.failed && cached.duration > 0) return cached.duration;
    const seconds = measured.files[relative];
    if (seconds !== undefined) return seconds * 1000;
    try {
      return statSync(file.moduleId).size * MS_PER_BYTE;
    } catch {
      return 0;
    }
  }
}
