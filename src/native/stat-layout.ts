import type { FileKind, NativeStat } from './raw.js';

// Mirrors the typed-array layout written by native/binding.cc (Fill).
const KINDS: readonly FileKind[] = ['file', 'directory', 'symlink', 'other'];

/** Turns the addon's two stat arrays into a NativeStat, with identity numbers as hex strings. */
export function decodeStat(numbers: Float64Array, bigints: BigInt64Array): NativeStat {
  const high = bigints[5]!;
  const low = BigInt.asUintN(64, bigints[4]!);
  const stat: NativeStat = {
    identity: {
      volume: BigInt.asUintN(64, bigints[3]!).toString(16),
      fileId: (high === 0n ? low : (BigInt.asUintN(64, high) << 64n) | low).toString(16),
    },
    size: numbers[3]!,
    mode: numbers[1]!,
    nlink: numbers[2]!,
    mtimeNs: bigints[0]!,
    ctimeNs: bigints[1]!,
    kind: KINDS[numbers[0]!]!,
  };
  if (numbers[4] === 1) stat.birthtimeNs = bigints[2]!;
  if (numbers[5]! >= 0) stat.owner = { uid: numbers[5]!, gid: numbers[6]! };
  return stat;
}
