// Child of teardown.test.mjs: worker threads queue async calls and are terminated while those are
// still on the thread pool; prints "survived" when this process outlives all of them.
import path from 'node:path';
import { Worker } from 'node:worker_threads';

const addon = path.resolve(process.env.PEER_BRIDGE_NATIVE_PATH);
const dir = process.argv[2];
for (let i = 0; i < 3; i++) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const raw = require(workerData.addon);
     const missing = require('node:path').join(workerData.dir, 'missing');
     for (let j = 0; j < 20; j++) {
       raw.statPathAsync(workerData.dir, true);
       raw.statPathAsync(missing, true).catch(() => {});
       raw.fsyncDirectoryAsync(workerData.dir);
       raw.renameNoReplaceAsync(missing, missing + '2').catch(() => {});
     }
     parentPort.postMessage('queued');`,
    { eval: true, workerData: { addon, dir } },
  );
  await new Promise((resolve) => worker.once('message', resolve));
  await worker.terminate();
}
process.stdout.write('survived\n');
