// Child of rename-link.test.mjs: exercises renameNoReplace under a forced strategy in <dir> and
// prints a JSON report (the strategy is fixed when the addon loads, hence a separate process).
import fs from 'node:fs';
import path from 'node:path';
import { loadAddon } from './helpers.mjs';

const native = loadAddon();
const dir = process.argv[2];
const from = path.join(dir, 'from.txt');
const to = path.join(dir, 'to.txt');
fs.writeFileSync(from, 'source');
fs.writeFileSync(to, 'target');
let collision = 'no error';
try {
  native.renameNoReplace(from, to);
} catch (error) {
  collision = error.code;
}
const after = { from: fs.readFileSync(from, 'utf8'), to: fs.readFileSync(to, 'utf8') };
native.renameNoReplace(from, path.join(dir, 'moved.txt'));
after.moved = fs.readFileSync(path.join(dir, 'moved.txt'), 'utf8');
process.stdout.write(JSON.stringify({ backend: native.backend.rename, collision, after }));
