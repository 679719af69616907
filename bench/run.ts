// Runs every bench/*.bench.ts in its own process, one after another, so each one's peak memory
// and timing are its own. `npm run bench -- stat` runs only files whose name contains "stat".
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);
const files = readdirSync(here)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((f) => name.includes(f)))
  .sort();

let failed = 0;
for (const name of files) {
  process.stdout.write(`\n## ${name.replace(/\.bench\.ts$/, '')}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--expose-gc', path.join(here, name)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
}
if (files.length === 0) console.error(`no benchmark matches ${filters.join(', ')}`);
process.exit(failed === 0 && files.length > 0 ? 0 : 1);
