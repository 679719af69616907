import { spawn } from 'node:child_process';
import { spawnChild } from '../src/runners/spawn.js';
const env = { PATH: '/usr/bin:/bin' };
const reaper = '/work/wt/procs/build/Release/peer-bridge-reaper';
function raw(file: string, args: string[], fds: number): Promise<number> {
  return new Promise((resolve) => {
    const t = performance.now();
    const c = spawn(file, args, { env, stdio: fds === 4 ? ['ignore','pipe','pipe','pipe'] : ['ignore','pipe','pipe'], detached: true });
    for (const s of c.stdio) s?.resume?.();
    c.on('close', () => resolve(performance.now() - t));
  });
}
async function host(): Promise<number> { const t = performance.now(); await spawnChild('/bin/true', [], { cwd: '/tmp', env, signal: new AbortController().signal, limits: { maxOutputBytes: 1e6, maxLineBytes: 1e6 }, onLine() {} }); return performance.now() - t; }
const med = (xs: number[]) => xs.sort((a,b)=>a-b)[xs.length>>1].toFixed(2);
for (let r = 0; r < 2; r++) {
  const a = [], b = [], c = [], d = [];
  for (let i = 0; i < 15; i++) { a.push(await raw('/bin/true', [], 3)); b.push(await raw(reaper, ['3', '2000', String(process.pid), '/bin/true'], 4)); c.push(await raw(reaper, ['3', '2000', String(process.pid), '/bin/true'], 3)); d.push(await host()); }
  console.log('true', med(a), 'reaper 4fds', med(b), 'reaper 3fds', med(c), 'spawnChild', med(d));
}
