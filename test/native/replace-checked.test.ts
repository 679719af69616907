// replaceChecked: stage, fsync, check the target is still what was read, rename, fsync the
// directory, in one native call. It must publish only over the very file it was told it would
// find, and leave nothing behind when it does not publish.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { promises, replaceChecked, statPath, type ReplaceCheckedOptions } from '../../src/native/index.js';
import { useTempDir } from '../helpers/temp-dir.js';

const tempDir = useTempDir();

// A target with `content`, and the options that expect exactly it.
function setUp(content = 'old content\n') {
  const dir = tempDir();
  const target = path.join(dir, 'a.txt');
  writeFileSync(target, content);
  const options: ReplaceCheckedOptions = {
    stage: path.join(dir, '.stage-a'),
    target,
    bytes: Buffer.from('new content, longer\n'),
    expected: { stat: statPath(target, { follow: false }), bytes: Buffer.from(content) },
  };
  return { dir, target, options };
}

// Each change made after the expectation was taken; none may be published over.
const changes: [string, (target: string, dir: string) => void][] = [
  ['one byte changed, same size', (target) => writeFileSync(target, 'old content!')],
  [
    'the same bytes in another file renamed over it',
    (target, dir) => {
      writeFileSync(path.join(dir, 'b.txt'), 'old content\n');
      renameSync(path.join(dir, 'b.txt'), target);
    },
  ],
  ['only its times moved', (target) => utimesSync(target, new Date(0), new Date(0))],
  ['a longer file', (target) => writeFileSync(target, 'old content\nmore\n')],
  ['removed', (target) => rmSync(target)],
  [
    'a directory now',
    (target) => {
      rmSync(target);
      mkdirSync(target);
    },
  ],
  [
    'a symlink to a file with the same bytes',
    (target, dir) => {
      writeFileSync(path.join(dir, 'c.txt'), 'old content\n');
      rmSync(target);
      symlinkSync('c.txt', target);
    },
  ],
];

// Windows (ENOSYS) is covered by the conformance suite, which runs under Wine.
describe.runIf(process.platform !== 'win32')('replaceChecked', () => {
  it('replaces the file it expected, with the mode given, and returns the new file’s stat', () => {
    const { dir, target, options } = setUp();
    const stat = replaceChecked({ ...options, mode: 0o100640 });
    expect(readFileSync(target, 'utf8')).toBe('new content, longer\n');
    expect(stat).toEqual(statPath(target, { follow: false }));
    expect(stat?.identity).not.toEqual(options.expected.stat.identity);
    expect(statSync(target).mode & 0o7777).toBe(0o640);
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });

  it('publishes an empty file too', () => {
    const { target, options } = setUp('');
    expect(replaceChecked({ ...options, bytes: Buffer.alloc(0) })).toBeDefined();
    expect(readFileSync(target, 'utf8')).toBe('');
  });

  it.each(changes)('publishes nothing when the target is not as expected: %s', (_, change) => {
    const { dir, target, options } = setUp();
    change(target, dir);
    const before = readdirSync(dir).sort();
    const changedContent = statSync(target, { throwIfNoEntry: false })?.isFile()
      ? readFileSync(target, 'utf8')
      : undefined;
    expect(replaceChecked(options)).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual(before);
    if (changedContent !== undefined) expect(readFileSync(target, 'utf8')).toBe(changedContent);
  });

  it('compares the bytes too: a file with the stat expected but other bytes is not replaced', () => {
    const { dir, target, options } = setUp();
    writeFileSync(target, 'old content!');
    const stat = statPath(target, { follow: false });
    expect(replaceChecked({ ...options, expected: { stat, bytes: Buffer.from('old content\n') } })).toBeUndefined();
    expect(readFileSync(target, 'utf8')).toBe('old content!');
    expect(readdirSync(dir)).toEqual(['a.txt']);
    expect(replaceChecked({ ...options, expected: { stat, bytes: Buffer.from('old content!') } })).toBeDefined();
  });

  it('never replaces an existing stage name, and says which step failed', () => {
    const { dir, target, options } = setUp();
    writeFileSync(options.stage, 'someone else’s file');
    expect(() => replaceChecked(options)).toThrow(expect.objectContaining({ code: 'EEXIST', syscall: 'open' }));
    expect(readFileSync(options.stage, 'utf8')).toBe('someone else’s file');
    expect(readFileSync(target, 'utf8')).toBe('old content\n');
    expect(() => replaceChecked({ ...options, stage: path.join(dir, 'missing', 'stage') })).toThrow(
      expect.objectContaining({ code: 'ENOENT', syscall: 'open' }),
    );
  });

  it('refuses a malformed expectation with a TypeError, touching nothing', () => {
    const { dir, options } = setUp();
    const stat = options.expected.stat;
    for (const bad of [
      { ...stat, identity: { ...stat.identity, fileId: 'not hex' } },
      { ...stat, identity: { ...stat.identity, volume: '1'.repeat(17) } },
    ]) {
      expect(() => replaceChecked({ ...options, expected: { ...options.expected, stat: bad } })).toThrow(TypeError);
    }
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });
});

// The same call on the thread pool (what the workbench's small-file edits use, so that a slow
// fsync never holds the event loop): the same outcomes, as a promise.
describe.runIf(process.platform !== 'win32')('promises.replaceChecked', () => {
  it('replaces the file it expected and resolves to the new file’s stat', async () => {
    const { dir, target, options } = setUp();
    const stat = await promises.replaceChecked({ ...options, mode: 0o100600 });
    expect(readFileSync(target, 'utf8')).toBe('new content, longer\n');
    expect(stat).toEqual(statPath(target, { follow: false }));
    expect(statSync(target).mode & 0o7777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['a.txt']);
    const { target: empty, options: emptying } = setUp('');
    expect(await promises.replaceChecked({ ...emptying, bytes: Buffer.alloc(0) })).toBeDefined();
    expect(readFileSync(empty, 'utf8')).toBe('');
  });

  it('publishes the bytes as they were when called, whatever the caller does with its buffer after', async () => {
    const { target, options } = setUp();
    const bytes = Buffer.from('published as given\n');
    const pending = promises.replaceChecked({ ...options, bytes });
    bytes.fill(0x78);
    options.expected.bytes.fill(0x78);
    expect(await pending).toBeDefined();
    expect(readFileSync(target, 'utf8')).toBe('published as given\n');
  });

  it.each(changes)('publishes nothing when the target is not as expected: %s', async (_, change) => {
    const { dir, target, options } = setUp();
    change(target, dir);
    const before = readdirSync(dir).sort();
    expect(await promises.replaceChecked(options)).toBeUndefined();
    expect(readdirSync(dir).sort()).toEqual(before);
  });

  it('rejects with the step that failed, and refuses a malformed expectation with a TypeError', async () => {
    const { dir, target, options } = setUp();
    writeFileSync(options.stage, 'someone else’s file');
    await expect(promises.replaceChecked(options)).rejects.toMatchObject({ code: 'EEXIST', syscall: 'open' });
    expect(readFileSync(options.stage, 'utf8')).toBe('someone else’s file');
    expect(readFileSync(target, 'utf8')).toBe('old content\n');
    rmSync(options.stage);
    const stat = { ...options.expected.stat, identity: { ...options.expected.stat.identity, fileId: 'not hex' } };
    await expect(promises.replaceChecked({ ...options, expected: { ...options.expected, stat } })).rejects.toThrow(
      TypeError,
    );
    expect(readdirSync(dir)).toEqual(['a.txt']);
  });
});
