// Child of lock.test.mjs: takes the lock at argv[2], prints "held", and releases on stdin input.
import { loadAddon } from './helpers.mjs';

const native = loadAddon();
const token = native.lockTry(process.argv[2], process.argv[3] === 'exclusive');
process.stdout.write('held\n');
process.stdin.once('data', () => {
  native.lockRelease(token);
  process.exit(0);
});
