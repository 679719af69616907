// The published types as a user's strict TypeScript project sees them: the packed tarball
// installed into a fresh project, compiled with the project's own tsc under `"strict": true`.
// A disk result always carries `version` (`r.ok && r.version.slice(0, 8)` compiles and runs); a
// buffer result carries none, and reading it there must fail to compile.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/serve-client.js';
import { installPacked, type Installed } from './packed-install.js';

const run = promisify(execFile);
const tsc = path.join(repoRoot, 'node_modules', 'typescript', 'bin', 'tsc');
let root: string;
let installed: Installed;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-packed-types-'));
  installed = await installPacked(root);
}, 300_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// Compiles `source` as the consumer's only file; resolves to tsc's exit code and output.
async function compile(name: string, source: string): Promise<{ code: number; output: string }> {
  const { project } = installed;
  writeFileSync(path.join(project, `${name}.ts`), source);
  const config = {
    compilerOptions: {
      strict: true,
      target: 'es2022',
      module: 'nodenext',
      moduleResolution: 'nodenext',
      outDir: `out-${name}`,
      // The consumer has @types/node, as docs/file-safety.md asks; this project's copy stands in.
      typeRoots: [path.join(repoRoot, 'node_modules', '@types')],
      types: ['node'],
    },
    files: [`${name}.ts`],
  };
  writeFileSync(path.join(project, `tsconfig.${name}.json`), JSON.stringify(config));
  const result = await run(process.execPath, [tsc, '-p', `tsconfig.${name}.json`], { cwd: project }).then(
    (r) => ({ code: 0, output: r.stdout + r.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({
      code: error.code,
      output: error.stdout + error.stderr,
    }),
  );
  return result;
}

describe('peer-bridge/fs result types in a strict consumer project built from the packed tarball', () => {
  it('a disk result’s version is a string once ok: it compiles and runs', async () => {
    const source = [
      "import { writeFileSync } from 'node:fs';",
      "import { openWorkbench } from 'peer-bridge/fs';",
      '',
      'const workspace = process.argv[2]!;',
      "writeFileSync(`${workspace}/a.txt`, 'one\\n');",
      'const wb = openWorkbench({ workspace, lockDir: process.argv[3]! });',
      "const r = await wb.readFile({ path: 'a.txt' });",
      'const short: string | false = r.ok && r.version.slice(0, 8);',
      "const e = await wb.call('edit_file', { path: 'a.txt', old_string: 'one', new_string: 'two' });",
      'const next: string = e.ok ? e.version.slice(0, 8) : e.code;',
      "const d = await wb.readFile({ path: 'a.txt', target: 'disk' });",
      'const encoding: string | false = d.ok && d.encoding;',
      'console.log(JSON.stringify({ short, next, encoding }));',
      '',
    ].join('\n');
    const compiled = await compile('disk', source);
    expect(compiled.output).toBe('');
    expect(compiled.code).toBe(0);
    const workspace = mkdtempSync(path.join(root, 'ws-'));
    const { stdout } = await run(process.execPath, ['out-disk/disk.js', workspace, path.join(root, 'locks')], {
      cwd: installed.project,
    });
    expect(JSON.parse(stdout)).toEqual({
      short: expect.stringMatching(/^pbv1\..{3}$/),
      next: expect.stringMatching(/^pbv1\..{3}$/),
      encoding: 'utf-8',
    });
  }, 120_000);

  it('reading version where it may be absent fails to compile, naming the line', async () => {
    const source = [
      "import { openWorkbench } from 'peer-bridge/fs';",
      '',
      "const wb = openWorkbench({ workspace: '.' });",
      "const b = await wb.readFile({ path: 'a.txt', target: 'buffer' });",
      'export const fromBuffer = b.ok && b.version.slice(0, 8);',
      "const r = await wb.readFile({ path: 'a.txt' });",
      'export const unchecked = r.version.slice(0, 8);',
      '',
    ].join('\n');
    const compiled = await compile('wrong', source);
    expect(compiled.code).not.toBe(0);
    // A buffer result has no version; an unchecked result may be a failure, which has none either.
    expect(compiled.output).toMatch(
      /wrong\.ts\(5,\d+\): error TS2339: Property 'version' does not exist on type 'ReadFileBufferResult'/,
    );
    expect(compiled.output).toMatch(
      /wrong\.ts\(7,\d+\): error TS2339: Property 'version' does not exist on type 'FsToolDiskResult<"read_file">'\.\s+Property 'version' does not exist on type 'ToolFailure'/,
    );
  }, 120_000);
});
