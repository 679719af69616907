// Version tokens on real files: a session that never read a file edits it with the token another
// session was given; a token stops working when the file changes, and is refused when it was made
// up, altered, or issued for another path, workspace or key.
import { createHmac } from 'node:crypto';
import { chmodSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { describe, expect, it } from 'vitest';
import { openWorkbench } from '../../src/fs/index.js';
import { VERSION_KEY_BYTES, VERSION_KEY_FILE } from '../../src/fs/version-key.js';
import { bench, code, ok, tempDir } from './helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Replaces one character of the token's MAC part: still well-formed, no longer genuine.
function tamperMac(token: string): string {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.slice(-1)}`;
}

function withPayload(token: string, change: (payload: unknown[]) => void): string {
  const [prefix, body, mac] = token.split('.') as [string, string, string];
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
  change(payload);
  return `${prefix}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
}

describe('version tokens', () => {
  it('read_file returns a token that lets a fresh session edit, and every change returns the next one', async () => {
    const t = bench();
    t.write('a.txt', 'one\ntwo\n');
    const first = ok(await t.wb.readFile({ path: 'a.txt' }));
    expect(first.version).toMatch(/^pbv1\.[\w-]+\.[\w-]+$/);

    const fresh = t.open();
    expect(code(await fresh.editFile({ path: 'a.txt', old_string: 'one', new_string: 'uno' }))).toBe('FS_NOT_OBSERVED');
    const edited = ok(
      await fresh.editFile({ path: 'a.txt', old_string: 'one', new_string: 'uno', expected_version: first.version }),
    );
    expect(t.text('a.txt')).toBe('uno\ntwo\n');
    expect(edited.version).not.toBe(first.version);

    // Yet another session continues from the token of that change.
    const third = t.open();
    ok(
      await third.multiEdit({
        path: 'a.txt',
        edits: [{ old_string: 'two', new_string: 'dos' }],
        expected_version: edited.version,
      }),
    );
    expect(t.text('a.txt')).toBe('uno\ndos\n');
    // The session that accepted a token has observed the file: it may go on without one.
    ok(await third.deleteRange({ path: 'a.txt', start_line: 2, end_line: 2 }));
    expect(t.text('a.txt')).toBe('uno\n');
  });

  it('signs with HMAC-SHA256 of the context and the body under the key, and refuses bodies it did not sign', async () => {
    const t = bench();
    t.write('a.txt', 'one\n');
    const { version } = ok(await t.wb.readFile({ path: 'a.txt' }));
    const [, body, mac] = version.split('.') as [string, string, string];
    const key = readFileSync(path.join(t.lockDir, VERSION_KEY_FILE));
    const hmac = (text: string) =>
      createHmac('sha256', key).update('peer-bridge version token v1\0').update(text).digest('base64url');
    expect(mac).toBe(hmac(body));
    // A body its MAC was computed for, in other text: characters outside base64url (which
    // base64url decoding would skip), also as many as make the body's UTF-8 longer than 1 KiB.
    const edit = (token: string) =>
      t.open().editFile({ path: 'a.txt', old_string: 'one', new_string: 'uno', expected_version: token });
    // One character for another whose low byte is the same: equal where text is cut to one byte per character.
    const lookalike = `${String.fromCharCode(0x100 + body.charCodeAt(0))}${body.slice(1)}`;
    for (const forged of [lookalike, `${body}\u0141`, `${body}${'\u0141'.repeat(400)}`]) {
      const result = await edit(`pbv1.${forged}.${hmac(body)}`);
      expect(result.ok ? 'ok' : result.message, forged.slice(0, 20)).toMatch(/not issued by peer-bridge/);
    }
    expect(t.text('a.txt')).toBe('one\n');
    // Signed as createHmac signs them (with the key, which only this user can read), they pass.
    for (const text of [`${body}${'\u0141'.repeat(400)}`, `${body}\u0141`]) {
      const result = await edit(`pbv1.${text}.${hmac(text)}`);
      expect(result.ok ? 'ok' : result.message, text.slice(0, 20)).not.toMatch(/not issued by peer-bridge/);
    }
  });

  it('a token taken before a concurrent change is stale, and the concurrent bytes survive', async () => {
    const t = bench();
    t.write('a.txt', 'x = 1\n');
    const { version } = ok(await t.wb.readFile({ path: 'a.txt' }));
    ok(await t.open().writeFile({ path: 'a.txt', content: 'x = 2\n', expected_version: version }));
    const late = await t
      .open()
      .editFile({ path: 'a.txt', old_string: 'x', new_string: 'y', expected_version: version });
    expect(late).toMatchObject({ ok: false, code: 'FS_STALE_VERSION' });
    expect(t.text('a.txt')).toBe('x = 2\n');

    // A change by a program outside the library (same size, so only the digest tells).
    const { version: before } = ok(await t.wb.readFile({ path: 'a.txt' }));
    writeFileSync(t.file('a.txt'), 'x = 3\n');
    expect(
      code(await t.open().editFile({ path: 'a.txt', old_string: 'x', new_string: 'y', expected_version: before })),
    ).toBe('FS_STALE_VERSION');
    expect(t.text('a.txt')).toBe('x = 3\n');
  });

  it('an old token wins over a newer observation of the session: it is the caller’s precondition', async () => {
    const t = bench();
    t.write('a.txt', 'a\n');
    const { version: old } = ok(await t.wb.readFile({ path: 'a.txt' }));
    ok(await t.wb.writeFile({ path: 'a.txt', content: 'b\n' }));
    expect(code(await t.wb.writeFile({ path: 'a.txt', content: 'c\n', expected_version: old }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(t.text('a.txt')).toBe('b\n');
  });

  it('refuses a made-up, altered or re-signed token, and changes nothing', async () => {
    const t = bench();
    t.write('a.txt', 'keep\n');
    const { version } = ok(await t.wb.readFile({ path: 'a.txt' }));
    const fresh = t.open();
    const attempts = [
      'pbv1.made-up.token',
      'not a token',
      tamperMac(version),
      // Claims another size with the original MAC.
      withPayload(version, (payload) => (payload[4] = 999)),
      // Same MAC bytes spelled differently: the last character's two spare bits set.
      `${version.slice(0, -1)}${BASE64URL[BASE64URL.indexOf(version.at(-1) as string) ^ 1]}`,
    ];
    for (const expected_version of attempts) {
      const result = await fresh.writeFile({ path: 'a.txt', content: 'lost\n', expected_version });
      expect(result, expected_version).toMatchObject({
        ok: false,
        code: 'FS_INVALID_ARGUMENT',
        message: expect.stringMatching(/expected_version/),
      });
    }
    const forged = await fresh.writeFile({ path: 'a.txt', content: 'lost\n', expected_version: tamperMac(version) });
    expect(forged.ok ? '' : forged.message).toMatch(/not issued by peer-bridge/);
    expect(t.text('a.txt')).toBe('keep\n');

    // A token signed with another user's key (another lock directory) is not honoured here.
    const elsewhere = openWorkbench({ workspace: t.ws, lockDir: tempDir('pb-locks-') });
    const { version: foreign } = ok(await elsewhere.readFile({ path: 'a.txt' }));
    expect(
      await fresh.editFile({ path: 'a.txt', old_string: 'keep', new_string: 'lost', expected_version: foreign }),
    ).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/not issued by peer-bridge/),
    });
    expect(t.text('a.txt')).toBe('keep\n');
  });

  it('refuses a token of path A on path B, and one of another workspace, even with identical bytes', async () => {
    const t = bench();
    t.write('a.txt', 'same\n');
    t.write('b.txt', 'same\n');
    const { version: ofA } = ok(await t.wb.readFile({ path: 'a.txt' }));
    const onB = await t
      .open()
      .editFile({ path: 'b.txt', old_string: 'same', new_string: 'other', expected_version: ofA });
    expect(onB).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/issued for another path/),
    });
    expect(t.text('b.txt')).toBe('same\n');

    const otherWs = tempDir();
    writeFileSync(path.join(otherWs, 'a.txt'), 'same\n');
    const there = openWorkbench({ workspace: otherWs, lockDir: t.lockDir });
    const result = await there.editFile({
      path: 'a.txt',
      old_string: 'same',
      new_string: 'other',
      expected_version: ofA,
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'FS_INVALID_ARGUMENT',
      message: expect.stringMatching(/another workspace/),
    });
    expect(readFileSync(path.join(otherWs, 'a.txt'), 'utf8')).toBe('same\n');
  });

  it('write_file with a token of a file deleted since never re-creates it', async () => {
    const t = bench();
    t.write('gone.txt', 'here\n');
    const { version } = ok(await t.wb.readFile({ path: 'gone.txt' }));
    unlinkSync(t.file('gone.txt'));
    expect(code(await t.open().writeFile({ path: 'gone.txt', content: 'back\n', expected_version: version }))).toBe(
      'FS_STALE_VERSION',
    );
    expect(() => statSync(t.file('gone.txt'))).toThrow();
  });

  it('every mutating tool takes expected_version; a create and a move return tokens of the new file', async () => {
    const t = bench();
    const created = ok(
      await t.wb.writeFile({ path: 'src/m.ts', content: 'export function a() {}\nexport function b() {}\n' }),
    );
    expect(created.created).toBe(true);
    const deleted = ok(
      await t.open().deleteSymbol({ path: 'src/m.ts', symbol: 'a', expected_version: created.version }),
    );
    const moved = ok(
      await t.open().moveFile({ path: 'src/m.ts', new_path: 'src/n.ts', expected_version: deleted.version }),
    );
    expect(moved).toMatchObject({ path: 'src/n.ts', from: 'src/m.ts' });
    expect(t.text('src/n.ts')).toBe('export function b() {}\n');
    // The source's token does not follow the file to its new path; the move's token does.
    expect(
      code(
        await t.open().deleteRange({ path: 'src/n.ts', start_line: 1, end_line: 1, expected_version: deleted.version }),
      ),
    ).toBe('FS_INVALID_ARGUMENT');
    ok(await t.open().deleteRange({ path: 'src/n.ts', start_line: 1, end_line: 1, expected_version: moved.version }));
    expect(t.text('src/n.ts')).toBe('');

    const notebook = JSON.stringify(
      {
        cells: [{ id: 'c1', cell_type: 'markdown', metadata: {}, source: ['old'] }],
        metadata: {},
        nbformat: 4,
        nbformat_minor: 5,
      },
      null,
      1,
    );
    t.write('nb.ipynb', `${notebook}\n`);
    const { version } = ok(await t.wb.readFile({ path: 'nb.ipynb' }));
    ok(
      await t.open().notebookEdit({
        path: 'nb.ipynb',
        cell_id: 'c1',
        new_source: 'new',
        edit_mode: 'replace',
        expected_version: version,
      }),
    );
    expect(t.text('nb.ipynb')).toContain('"new"');
  });

  it('keeps the key in the lock directory, private, and every process that races to create it agrees on one', async () => {
    const lockDir = tempDir('pb-locks-');
    const script = [
      "import { createInterface } from 'node:readline';",
      "import { versionKey } from './src/fs/version-key.ts';",
      "console.log('ready');",
      'for await (const line of createInterface({ input: process.stdin })) { if (line === "go") break; }',
      "console.log(versionKey({ dir: process.argv[1], source: 'option' }).toString('hex'));",
    ].join('\n');
    const children = Array.from({ length: 4 }, () =>
      execa(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, lockDir], {
        cwd: repoRoot,
        stdin: 'pipe',
        stdout: 'pipe',
        stderr: 'pipe',
        reject: false,
      }),
    );
    // All wait at the start line, then create at once.
    await Promise.all(
      children.map((child) => new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))),
    );
    for (const child of children) child.stdin.end('go\n');
    const keys = (await Promise.all(children)).map((result) => {
      expect(result.exitCode, result.stderr).toBe(0);
      return result.stdout.split('\n').at(-1);
    });
    const file = path.join(lockDir, VERSION_KEY_FILE);
    expect(new Set(keys)).toEqual(new Set([readFileSync(file).toString('hex')]));
    expect(readFileSync(file).length).toBe(VERSION_KEY_BYTES);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.skipIf(process.platform === 'win32')(
    'refuses a key file others can read: neither a read nor a change starts',
    async () => {
      const t = bench();
      t.write('a.txt', 'x\n');
      ok(await t.wb.readFile({ path: 'a.txt' }));
      const key = path.join(t.lockDir, VERSION_KEY_FILE);
      chmodSync(key, 0o644);
      // A process that has not cached the key yet: a child, so this one's cache does not answer.
      const script = [
        "import { openWorkbench } from './src/fs/index.ts';",
        'const wb = openWorkbench({ workspace: process.argv[1], lockDir: process.argv[2] });',
        "const read = await wb.readFile({ path: 'a.txt' });",
        "const edit = await wb.editFile({ path: 'a.txt', old_string: 'x', new_string: 'y' });",
        'console.log(JSON.stringify({ read, edit }));',
      ].join('\n');
      const result = await execa(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', script, t.ws, t.lockDir],
        { cwd: repoRoot },
      );
      const { read, edit } = JSON.parse(result.stdout) as Record<string, Record<string, unknown>>;
      // Both fail before they start: a read, like a change, always returns a token.
      for (const result of [read, edit]) {
        expect(result).toMatchObject({
          ok: false,
          code: 'FS_IO_ERROR',
          message: expect.stringMatching(
            /version-token key .* can be read or written by others .*; nothing was read or changed/,
          ),
        });
      }
      expect(t.text('a.txt')).toBe('x\n');
    },
  );

  it('with an unusable lock directory a read and a change both fail before they start, naming the fix', async () => {
    const t = bench();
    t.write('a.txt', 'x\n');
    const notADir = path.join(tempDir(), 'locks');
    writeFileSync(notADir, 'a file');
    const wb = openWorkbench({ workspace: t.ws, lockDir: notADir });
    expect(await wb.readFile({ path: 'a.txt' })).toMatchObject({
      ok: false,
      code: 'FS_IO_ERROR',
      message: expect.stringMatching(/PEER_BRIDGE_LOCK_DIR/),
    });
    expect(await wb.writeFile({ path: 'b.txt', content: 'new\n' })).toMatchObject({
      ok: false,
      code: 'FS_IO_ERROR',
      message: expect.stringMatching(/PEER_BRIDGE_LOCK_DIR/),
    });
    expect(() => statSync(t.file('b.txt'))).toThrow();
  });
});
