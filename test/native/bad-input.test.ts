import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fsyncDirectory,
  linkNoOverwrite,
  lock,
  promises,
  renameNoReplace,
  statFd,
  statPath,
} from '../../src/native/index.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir();

// Calls through `unknown` so the type checker does not stop us from passing what users might.
const loose = <T extends (...args: never[]) => unknown>(fn: T) => fn as unknown as (...args: unknown[]) => unknown;

describe('bad input gets a clear error, never a crash', () => {
  it('a missing path: ENOENT with the syscall and the path', () => {
    const missing = path.join(tempDir(), 'nope');
    expect(() => statPath(missing)).toThrow(
      expect.objectContaining({ code: 'ENOENT', syscall: 'statx', path: missing }),
    );
  });

  it('a directory where a file is expected', async () => {
    const dir = path.join(tempDir(), 'd');
    mkdirSync(dir);
    await expect(lock(dir, { wait: false })).rejects.toMatchObject({ code: 'EISDIR' });
  });

  it('a file where a directory is expected', () => {
    const f = path.join(tempDir(), 'f');
    writeFileSync(f, '');
    expect(() => statPath(path.join(f, 'child'))).toThrow(expect.objectContaining({ code: 'ENOTDIR' }));
  });

  it.each([
    ['statPath', () => loose(statPath)(42)],
    ['statPath without arguments', () => loose(statPath)()],
    ['renameNoReplace', () => loose(renameNoReplace)('a', { to: 'b' })],
    ['linkNoOverwrite', () => loose(linkNoOverwrite)(null, 'b')],
    ['fsyncDirectory', () => loose(fsyncDirectory)(Buffer.from('x'))],
    ['statFd', () => loose(statFd)('3')],
  ])('a non-string or non-number argument to %s: TypeError ERR_INVALID_ARG_TYPE', (_name, call) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_TYPE' }));
  });

  it.each([
    ['yes', { follow: 'yes' }],
    ['1', { follow: 1 }],
    ['null', { follow: null }],
    ['a string for options', 'nofollow'],
  ])('statPath with follow %s: TypeError ERR_INVALID_ARG_TYPE, sync and Promise forms', (_name, options) => {
    const file = path.join(tempDir(), 'f');
    writeFileSync(file, '');
    expect(() => loose(statPath)(file, options)).toThrow(
      expect.objectContaining({ name: 'TypeError', code: 'ERR_INVALID_ARG_TYPE' }),
    );
    expect(() => loose(promises.statPath)(file, options)).toThrow(TypeError);
    expect(statPath(file, { follow: false }).kind).toBe('file');
  });

  it('an empty path or one with a NUL byte: ERR_INVALID_ARG_VALUE', () => {
    expect(() => statPath('')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_VALUE' }));
    expect(() => statPath('a\0b')).toThrow(expect.objectContaining({ code: 'ERR_INVALID_ARG_VALUE' }));
  });

  it('a negative or fractional descriptor: RangeError; a closed one: EBADF', () => {
    expect(() => statFd(-1)).toThrow(RangeError);
    expect(() => statFd(1.5)).toThrow(expect.objectContaining({ code: 'ERR_OUT_OF_RANGE' }));
    const fd = openSync(path.join(tempDir(), 'f'), 'w');
    closeSync(fd);
    expect(() => statFd(fd)).toThrow(expect.objectContaining({ code: 'EBADF', syscall: 'statx' }));
  });

  it('the Promise forms throw argument errors synchronously and reject system errors', async () => {
    expect(() => loose(promises.statPath)(7)).toThrow(TypeError);
    await expect(promises.statPath(path.join(tempDir(), 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
