// read → edit → shell command → edit, as an agent works: the workbench's edits around real shell
// commands, on a Chinese path, a CRLF file, a moved file and a deleted one; a window of a large
// file; and one batch of calls issued together.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { appendCommand, deleteCommand, harmlessCommand, printCommand, type CommandResult } from './host.js';
import { expectEqual, pass, type Sequence } from './types.js';
import { codeOf, ok, open, plant } from './workbench.js';

const text = (dir: string, rel: string): string => readFileSync(path.join(dir, rel), 'utf8');

export const cycleSequences: Sequence[] = [
  {
    id: 'cycle-chinese-path',
    sequence: 'three read → edit → shell command → edit cycles on 源码/模块.ts',
    async run({ dir }) {
      const wb = open(dir);
      const p = '源码/模块.ts';
      plant(dir, p, 'const 名字 = 0;\n');
      let command: CommandResult | undefined;
      for (let round = 0; round < 3; round++) {
        ok(await wb.call('read_file', { path: p }), `round ${round + 1} read_file`);
        ok(
          await wb.call('edit_file', {
            path: p,
            old_string: `名字 = ${round * 2}`,
            new_string: `名字 = ${round * 2 + 1}`,
          }),
          `round ${round + 1} first edit`,
        );
        command = await harmlessCommand(dir);
        ok(
          await wb.call('edit_file', {
            path: p,
            old_string: `名字 = ${round * 2 + 1}`,
            new_string: `名字 = ${round * 2 + 2}`,
          }),
          `round ${round + 1} second edit`,
        );
      }
      expectEqual(text(dir, p), 'const 名字 = 6;\n', 'content after three cycles');
      return pass(`12 calls ok, 3 × \`${command?.command}\` in between; content "const 名字 = 6;"`);
    },
  },
  {
    id: 'cycle-external-change',
    sequence: 'a shell command that changes the file between two edits makes the second edit stale',
    async run({ dir }) {
      const wb = open(dir);
      plant(dir, 'gen.txt', 'a = 1\n');
      ok(await wb.call('read_file', { path: 'gen.txt' }), 'read_file');
      ok(await wb.call('edit_file', { path: 'gen.txt', old_string: 'a = 1', new_string: 'a = 2' }), 'first edit');
      const command = await appendCommand(dir, 'gen.txt', 'b = 9');
      const second = await wb.call('edit_file', { path: 'gen.txt', old_string: 'a = 2', new_string: 'a = 3' });
      expectEqual(codeOf(second), 'FS_STALE_VERSION', 'edit after the command');
      expectEqual(text(dir, 'gen.txt').replace(/\r\n/g, '\n'), 'a = 2\nb = 9\n', "content (the command's line kept)");
      return pass(`\`${command.command}\` then edit_file → FS_STALE_VERSION; the command's line is kept`);
    },
  },
  {
    id: 'cycle-crlf',
    sequence: 'three cycles on a CRLF file: inserted lines get CRLF too',
    async run({ dir }) {
      const wb = open(dir);
      plant(dir, 'win.txt', 'one\r\ntwo\r\n');
      for (let round = 0; round < 3; round++) {
        const read = ok(await wb.call('read_file', { path: 'win.txt' }), `round ${round + 1} read_file`);
        expectEqual(read.eol, 'crlf', 'eol reported by read_file');
        ok(
          await wb.call('edit_file', { path: 'win.txt', old_string: 'two\n', new_string: `two\nadded ${round}\n` }),
          `round ${round + 1} first edit`,
        );
        await harmlessCommand(dir);
        ok(
          await wb.call('edit_file', { path: 'win.txt', old_string: `added ${round}`, new_string: `line ${round}` }),
          `round ${round + 1} second edit`,
        );
      }
      expectEqual(text(dir, 'win.txt'), 'one\r\ntwo\r\nline 2\r\nline 1\r\nline 0\r\n', 'content');
      return pass('eol "crlf" on every read; 5 lines, all ending in CRLF');
    },
  },
  {
    id: 'cycle-move',
    sequence: 'read → move → shell command → edit at the new path (Chinese name)',
    async run({ dir }) {
      const wb = open(dir);
      plant(dir, 'old/名.txt', 'x\n');
      ok(await wb.call('read_file', { path: 'old/名.txt' }), 'read_file');
      ok(await wb.call('move_file', { path: 'old/名.txt', new_path: 'new/名.txt' }), 'move_file');
      await harmlessCommand(dir);
      ok(await wb.call('edit_file', { path: 'new/名.txt', old_string: 'x', new_string: 'y' }), 'edit at the new path');
      expectEqual(text(dir, 'new/名.txt'), 'y\n', 'content at the new path');
      const old = await wb.call('edit_file', { path: 'old/名.txt', old_string: 'x', new_string: 'y' });
      expectEqual(codeOf(old), 'FS_NOT_FOUND', 'edit at the old path');
      return pass('edit at new/名.txt ok without a new read; old path → FS_NOT_FOUND');
    },
  },
  {
    id: 'cycle-delete',
    sequence: 'read → edit → shell command deletes the file → edit and write are stale, nothing recreated',
    async run({ dir }) {
      const wb = open(dir);
      plant(dir, 'gone.txt', 'x\n');
      ok(await wb.call('read_file', { path: 'gone.txt' }), 'read_file');
      ok(await wb.call('edit_file', { path: 'gone.txt', old_string: 'x', new_string: 'y' }), 'edit');
      const command = await deleteCommand(dir, 'gone.txt');
      const edit = await wb.call('edit_file', { path: 'gone.txt', old_string: 'y', new_string: 'z' });
      const write = await wb.call('write_file', { path: 'gone.txt', content: 'z' });
      expectEqual(
        [codeOf(edit), codeOf(write)],
        ['FS_STALE_VERSION', 'FS_STALE_VERSION'],
        'edit and write after the delete',
      );
      let exists = true;
      try {
        readFileSync(path.join(dir, 'gone.txt'));
      } catch {
        exists = false;
      }
      expectEqual(exists, false, 'gone.txt exists after the refused calls');
      return pass(`\`${command.command}\`; edit_file and write_file → FS_STALE_VERSION; the file stays deleted`);
    },
  },
  {
    id: 'window-large-file',
    sequence: 'a 3-line window of a 200 000-line file, a shell command, then an edit outside the window',
    async run({ dir }) {
      const wb = open(dir);
      plant(dir, 'big.log', Array.from({ length: 200_000 }, (_, i) => `line ${i + 1}\n`).join(''));
      const read = ok(await wb.call('read_file', { path: 'big.log', offset: 100_000, limit: 3 }), 'read_file window');
      expectEqual(
        [read.content, read.total_lines],
        ['line 100000\nline 100001\nline 100002\n', 200_000],
        'window and total_lines',
      );
      await harmlessCommand(dir);
      ok(
        await wb.call('edit_file', { path: 'big.log', old_string: 'line 199999\n', new_string: 'edited\n' }),
        'edit outside the window',
      );
      expectEqual(text(dir, 'big.log').endsWith('line 199998\nedited\nline 200000\n'), true, 'tail after the edit');
      return pass('window lines 100000-100002 of 200000; edit at line 199999 ok without reading the rest');
    },
  },
  {
    id: 'same-batch',
    sequence: 'read → edit → edit issued together in one batch, then a shell command reads the result',
    async run({ dir }) {
      const wb = open(dir);
      plant(dir, 'batch.txt', 'alpha\nbeta\n');
      // Issued without waiting, as a client sends parallel tool calls; the session keeps their order.
      const results = await Promise.all([
        wb.call('read_file', { path: 'batch.txt' }),
        wb.call('edit_file', { path: 'batch.txt', old_string: 'alpha', new_string: 'ALPHA' }),
        wb.call('edit_file', { path: 'batch.txt', old_string: 'beta', new_string: 'BETA' }),
      ]);
      expectEqual(results.map(codeOf), ['ok', 'ok', 'ok'], 'results of the batch');
      const command = await printCommand(dir, 'batch.txt');
      expectEqual(command.stdout.replace(/\r\n/g, '\n'), 'ALPHA\nBETA\n', `output of \`${command.command}\``);
      return pass(`3 calls ok in order; \`${command.command}\` prints ALPHA, BETA`);
    },
  },
];
