// wb.call never rejects for its arguments: getters that throw, Proxies, and values that change
// between reads are read once, inside the call's guard, and answered with { ok: false }.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bench } from './helpers.js';

describe('wb.call with arguments that are not plain data', () => {
  it('a getter that throws is FS_INVALID_ARGUMENT, not a rejection', async () => {
    const { wb } = bench();
    const args = {
      path: 'a.txt',
      get content(): string {
        throw new Error('boom');
      },
    };
    await expect(wb.call('write_file', args)).resolves.toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/could not be read \(boom\)/),
    });
  });

  it('a Proxy whose traps throw is FS_INVALID_ARGUMENT, and a harmless Proxy works like its target', async () => {
    const { wb, text } = bench();
    const hostile = new Proxy(
      { path: 'a.txt', content: 'x' },
      {
        ownKeys: () => {
          throw new TypeError('no keys');
        },
      },
    );
    await expect(wb.call('write_file', hostile)).resolves.toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
    const harmless = new Proxy({ path: 'b.txt', content: 'fine\n' }, {});
    await expect(wb.call('write_file', harmless)).resolves.toMatchObject({ ok: true });
    expect(text('b.txt')).toBe('fine\n');
  });

  it('a getter that answers differently each time is read once: the path validated is the path used', async () => {
    const { wb, ws } = bench();
    let reads = 0;
    const args = {
      content: 'x',
      get path() {
        return reads++ === 0 ? 'inside.txt' : '../escaped.txt';
      },
    };
    const result = await wb.call('write_file', args);
    expect(result).toMatchObject({ ok: true });
    expect(reads).toBe(1);
    expect(existsSync(`${ws}/inside.txt`)).toBe(true);
    expect(existsSync(`${ws}/../escaped.txt`)).toBe(false);
  });

  it('cyclic arguments, a non-string tool name and a __proto__ key are answered, never thrown', async () => {
    const { wb } = bench();
    const cyclic: Record<string, unknown> = { path: 'a.txt' };
    cyclic.self = cyclic;
    await expect(wb.call('read_file', cyclic as never)).resolves.toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/nested deeper/),
    });
    await expect(wb.call(Symbol('x') as unknown as string, {})).resolves.toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
    });
    await expect(wb.call('__proto__', {})).resolves.toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/unknown tool/),
    });
    const polluted = JSON.parse('{"path":"a.txt","__proto__":{"content":"sneaky"}}');
    await expect(wb.call('write_file', polluted)).resolves.toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
  });
});
