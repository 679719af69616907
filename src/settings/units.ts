// Ages and sizes as people write them (`30d`, `512MiB`), for the retention settings and `runs --older-than`.

const MINUTE = 60_000;
const MiB = 1024 * 1024;

const AGE = /^(\d+)([dhm])$/;
const SIZE = /^(\d+)\s*(KiB|MiB|GiB)?$/;

/** An age such as `30d`, `12h` or `90m` in ms, or null when `text` is not one. */
export function parseAge(text: string): number | null {
  const age = AGE.exec(text.trim());
  if (!age) return null;
  return Number(age[1]) * { d: 1440 * MINUTE, h: 60 * MINUTE, m: MINUTE }[age[2] as 'd' | 'h' | 'm'];
}

/** A size in bytes, or with KiB, MiB or GiB, as a number of bytes; null when `text` is not one. */
export function parseSize(text: string): number | null {
  const size = SIZE.exec(text.trim());
  if (!size) return null;
  const unit = ({ KiB: 1024, MiB, GiB: 1024 * MiB } as Record<string, number>)[size[2] ?? ''] ?? 1;
  const value = Number(size[1]) * unit;
  return Number.isSafeInteger(value) ? value : null;
}
