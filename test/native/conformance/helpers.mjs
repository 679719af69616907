// Shared by the conformance files: loads the addon from an explicit path and makes temp dirs.
// Plain JavaScript on purpose: the same files run under Linux node and Windows node.exe (Wine).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after } from 'node:test';

const require = createRequire(import.meta.url);

/** The raw addon named by PEER_BRIDGE_NATIVE_PATH (required: the suite never guesses a binary). */
export function loadRaw() {
  const file = process.env.PEER_BRIDGE_NATIVE_PATH;
  if (!file) throw new Error('set PEER_BRIDGE_NATIVE_PATH to the .node file under test');
  return require(path.resolve(file));
}

const KINDS = ['file', 'directory', 'symlink', 'other'];

/**
 * The stat arrays the addon fills, as the object src/native/stat-layout.ts makes of them (a plain
 * JS mirror, because Windows node.exe under Wine cannot load TypeScript; the Linux wrapper test
 * checks the two agree).
 */
export function decodeStat(numbers, bigints) {
  const low = BigInt.asUintN(64, bigints[4]);
  const high = BigInt.asUintN(64, bigints[5]);
  const stat = {
    identity: {
      volume: BigInt.asUintN(64, bigints[3]).toString(16),
      fileId: ((high << 64n) | low).toString(16),
    },
    size: numbers[3],
    mode: numbers[1],
    nlink: numbers[2],
    mtimeNs: bigints[0],
    ctimeNs: bigints[1],
    kind: KINDS[numbers[0]],
  };
  if (numbers[4] === 1) stat.birthtimeNs = bigints[2];
  if (numbers[5] >= 0) stat.owner = { uid: numbers[5], gid: numbers[6] };
  return stat;
}

/** The raw addon with stat results decoded into objects; everything else passes through. */
export function loadAddon() {
  const raw = loadRaw();
  const decodePair = ([numbers, bigints]) => decodeStat(numbers, bigints);
  return {
    ...raw,
    statPath: (p, follow) => (raw.statPath(p, follow), decodeStat(raw.statNumbers, raw.statBigInts)),
    statFd: (fd) => (raw.statFd(fd), decodeStat(raw.statNumbers, raw.statBigInts)),
    statPathAsync: (p, follow) => raw.statPathAsync(p, follow).then(decodePair),
    statFdAsync: (fd) => raw.statFdAsync(fd).then(decodePair),
  };
}

export const raw = loadRaw();
export const native = loadAddon();
export const isWindows = process.platform === 'win32';
/** Set by scripts/windows/test.sh: Wine's ids and serials match Node's exactly. */
export const underWine = process.env.PEER_BRIDGE_CONFORMANCE_HOST === 'wine';

/** A fresh directory under the OS temp dir, removed after the file's tests. */
export function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-conf-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function write(file, text) {
  fs.writeFileSync(file, text);
  return file;
}

const MASK64 = (1n << 64n) - 1n;
const MASK32 = (1n << 32n) - 1n;

/**
 * What Node's own bigint stat says the identity is, in the addon's hex form. On Windows, Node's
 * `dev` is the 32-bit volume serial and `ino` the 64-bit index, so only those bits are comparable
 * (Wine's synthetic serials fit in them; the exact check runs there).
 */
export function nodeIdentity(st, identity) {
  if (!isWindows || underWine) return { volume: st.dev.toString(16), fileId: st.ino.toString(16) };
  return {
    volume: (BigInt(`0x${identity.volume}`) & MASK32) === st.dev ? identity.volume : st.dev.toString(16),
    fileId: (BigInt(`0x${identity.fileId}`) & MASK64) === st.ino ? identity.fileId : st.ino.toString(16),
  };
}

/**
 * Waits, without sleeping, until the filesystem's clock has moved past `sinceNs`: it rewrites a
 * probe file until the probe's ctime is later. Timestamps are tick-coarse (Linux) or 100 ns
 * (Windows), so two changes in one tick can carry the same time.
 */
export function waitForFsTick(dir, sinceNs) {
  const probe = path.join(dir, '.tick');
  for (let i = 0; i < 1_000_000; i += 1) {
    fs.writeFileSync(probe, String(i));
    if (native.statPath(probe, true).ctimeNs > sinceNs) return;
  }
  throw new Error('the filesystem clock did not move');
}
