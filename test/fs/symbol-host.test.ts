// The parser thread: a parse that aborts tree-sitter (wasm out of memory on a huge dense file) fails
// that one call, and the next delete_symbol — in any language — runs in a fresh thread.
import { describe, expect, it } from 'vitest';
import { runSymbolJob } from '../../src/fs/tools/symbol/host.js';
import { FsError } from '../../src/fs/errors.js';

describe('the delete_symbol parser thread', () => {
  it('is replaced after tree-sitter aborts, so later parses in every language still work', async () => {
    // About 12 million array elements: tree-sitter's wasm heap runs out (the size limit of the tool
    // keeps such files away; this calls the thread directly to prove the isolation behind it).
    const huge = 'function f() {}\nconst x = [' + '1,'.repeat(12 * 1024 * 1024) + '];\n';
    const failure = await runSymbolJob({
      text: huge,
      language: 'javascript',
      symbol: 'f',
      shown: 'huge.js',
      eol: 'lf',
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(FsError);
    expect((failure as FsError).code).toBe('FS_IO_ERROR');
    expect((failure as FsError).message).toMatch(/huge\.js: the parser failed .*restarted/);

    const python = await runSymbolJob({
      text: 'def a():\n    pass\n\ndef b():\n    pass\n',
      language: 'python',
      symbol: 'a',
      shown: 'small.py',
      eol: 'lf',
    });
    expect(python.text).toBe('def b():\n    pass\n');
    const js = await runSymbolJob({
      text: 'function f() {}\nfunction g() {}\n',
      language: 'javascript',
      symbol: 'g',
      shown: 'small.js',
      eol: 'lf',
    });
    expect(js.text).toBe('function f() {}\n');
    // Parsing 24 MB on a loaded machine takes a while; nothing here waits on time.
  }, 300_000);

  it('keeps the thread for tool-level answers (a missing symbol)', async () => {
    const missing = await runSymbolJob({
      text: 'def a():\n    pass\n',
      language: 'python',
      symbol: 'zz',
      shown: 'm.py',
      eol: 'lf',
    }).catch((error: unknown) => error);
    expect((missing as FsError).code).toBe('FS_SYMBOL_NOT_FOUND');
    const after = await runSymbolJob({
      text: 'def a():\n    pass\n\ndef zz():\n    pass\n',
      language: 'python',
      symbol: 'zz',
      shown: 'm.py',
      eol: 'lf',
    });
    expect(after.text).toBe('def a():\n    pass\n');
  });

  it('after a large parse, answers it and later jobs from a fresh thread (its wasm heap is given back)', async () => {
    const big = 'function f() {}\n' + 'const x = 1;\n'.repeat(120_000) + 'function g() {}\n';
    const [first, second] = await Promise.all([
      runSymbolJob({ text: big, language: 'javascript', symbol: 'g', shown: 'big.js', eol: 'lf' }),
      runSymbolJob({
        text: 'def a():\n    pass\n\ndef b():\n    pass\n',
        language: 'python',
        symbol: 'b',
        shown: 'q.py',
        eol: 'lf',
      }),
    ]);
    expect(first.text.endsWith('const x = 1;\n')).toBe(true);
    expect(second.text).toBe('def a():\n    pass\n');
    const after = await runSymbolJob({
      text: 'function h() {}\nfunction k() {}\n',
      language: 'javascript',
      symbol: 'h',
      shown: 'h.js',
      eol: 'lf',
    });
    expect(after.text).toBe('function k() {}\n');
  });
});
