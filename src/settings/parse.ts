// How one setting's text becomes a value: each parser says what it allows, and a value it does not
// allow is a SettingError naming the variable, the value and what is allowed (never a fallback).
import { parseAge, parseSize } from './units.js';

/** A variable with a value its parser does not allow. */
export class SettingError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly allowed: string,
  ) {
    super(
      `${variable} must be ${allowed}, got ${JSON.stringify(value)}; ` +
        'fix or unset it in the environment that launched peer-bridge',
    );
    this.name = 'SettingError';
  }
}

/** Parses the trimmed, non-empty text of a variable; `allowed` says what it accepts. */
export interface Parser<T> {
  allowed: string;
  parse(text: string): T | undefined;
}

const MAX_TIMER_MS = 2 ** 31 - 1;

/** Whole numbers from `min` to `max`. */
export function wholeNumber(min: number, max: number, allowed?: string): Parser<number> {
  return {
    allowed: allowed ?? `a whole number from ${min} to ${max}`,
    parse(text) {
      const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
      return Number.isSafeInteger(value) && value >= min && value <= max ? value : undefined;
    },
  };
}

/** Milliseconds a timer can hold (Node runs longer intervals every 1 ms). */
export const timerMs = (min: number, allowed?: string) => wholeNumber(min, MAX_TIMER_MS, allowed);

/** Any text, as given (a path, a name, a list the reader splits itself). */
export const text: Parser<string> = { allowed: 'any text', parse: (value) => value };

/** One of a few words. */
export function oneOf<const W extends string>(...words: W[]): Parser<W> {
  return {
    allowed: `one of ${words.join(', ')}`,
    parse: (value) => ((words as string[]).includes(value) ? (value as W) : undefined),
  };
}

/** A file or folder path (any text: whether it is there is checked where it is used). */
export const filePath: Parser<string> = { allowed: 'a path', parse: (value) => value };

/** A switch: on, 1, true, yes or off, 0, false, no (any case). */
export const onOff: Parser<boolean> = {
  allowed: 'on or off (or 1, true, yes / 0, false, no)',
  parse(value) {
    const word = value.toLowerCase();
    if (['on', '1', 'true', 'yes'].includes(word)) return true;
    if (['off', '0', 'false', 'no'].includes(word)) return false;
    return undefined;
  },
};

/** An age such as `30d`, `12h` or `90m`, in ms; `0` is 0 (the reader says what 0 means). */
export function age(allowed: string): Parser<number> {
  return { allowed, parse: (value) => (value === '0' ? 0 : (parseAge(value) ?? undefined)) };
}

/** A size in bytes, or with KiB, MiB or GiB; `0`, or at least `min` bytes. */
export function size(min: number, allowed: string): Parser<number> {
  return {
    allowed,
    parse(value) {
      const bytes = parseSize(value);
      return bytes === null || (bytes !== 0 && bytes < min) ? undefined : bytes;
    },
  };
}
