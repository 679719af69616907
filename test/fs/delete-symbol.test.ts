// delete_symbol on real TypeScript, JavaScript and Python files: the definition goes with its
// decorators and the comments directly above it; everything else stays byte for byte.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bench, code, ok } from './helpers.js';

async function observed(name: string, content: string | Buffer) {
  const t = bench();
  t.write(name, content);
  ok(await t.wb.call('read_file', { path: name }));
  return t;
}

const TS = `import { x } from './x.js';

/** Adds two numbers. */
export function add(a: number, b: number): number {
  return a + b;
}

// Kept: a blank line separates this comment from what follows.

@sealed
export class Parser {
  private depth = 0;

  /** Resets the parser. */
  @logged()
  reset(): void {
    this.depth = 0;
  }

  parse(input: string): void;
  parse(input: Buffer): void;
  parse(input: unknown): void {
    void input;
  }
}

export const twice = (n: number) => n * 2;

interface Shape {
  area(): number;
}
`;

describe('delete_symbol in TypeScript', () => {
  it('deletes an exported function with its doc comment and the blank line after it', async () => {
    const t = await observed('src/a.ts', TS);
    const result = ok(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'add' }));
    expect(result).toMatchObject({
      symbol: 'add',
      kind: 'function_declaration',
      start_line: 3,
      end_line: 6,
      deleted_lines: 5,
    });
    expect(t.text('src/a.ts')).toBe(
      TS.replace(
        '/** Adds two numbers. */\nexport function add(a: number, b: number): number {\n  return a + b;\n}\n\n',
        '',
      ),
    );
  });

  it('deletes a method with its decorator and doc comment (Outer.name)', async () => {
    const t = await observed('src/a.ts', TS);
    ok(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'Parser.reset' }));
    expect(t.text('src/a.ts')).toBe(
      TS.replace('  /** Resets the parser. */\n  @logged()\n  reset(): void {\n    this.depth = 0;\n  }\n\n', ''),
    );
  });

  it('deletes all overloads of a method together', async () => {
    const t = await observed('src/a.ts', TS);
    const result = ok(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'Parser.parse' }));
    expect(result).toMatchObject({ start_line: 20, end_line: 24 });
    expect(t.text('src/a.ts')).toBe(
      TS.replace(
        '\n\n  parse(input: string): void;\n  parse(input: Buffer): void;\n  parse(input: unknown): void {\n    void input;\n  }\n',
        '\n',
      ),
    );
  });

  it('deletes a decorated class, keeping a comment that a blank line separates from it', async () => {
    const t = await observed('src/a.ts', TS);
    ok(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'Parser' }));
    const after = t.text('src/a.ts');
    expect(after).toContain('// Kept: a blank line separates this comment from what follows.\n\nexport const twice');
    expect(after).not.toMatch(/sealed|class Parser|reset/);
  });

  it('deletes a const arrow function, an interface member and the last definition of the file', async () => {
    const t = await observed('src/a.ts', TS);
    ok(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'twice' }));
    ok(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'Shape.area' }));
    expect(t.text('src/a.ts')).toMatch(/\n}\n\ninterface Shape {\n}\n$/);
    ok(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'Shape' }));
    expect(t.text('src/a.ts')).toMatch(/\n {2}}\n}\n$/);
  });

  it('keeps CRLF line endings and a UTF-8 BOM', async () => {
    const crlf = TS.replace(/\n/g, '\r\n');
    const t = await observed('src/w.ts', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(crlf)]));
    ok(await t.wb.call('delete_symbol', { path: 'src/w.ts', symbol: 'add' }));
    const bytes = readFileSync(t.file('src/w.ts'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString()).toBe(
      crlf.replace(
        '/** Adds two numbers. */\r\nexport function add(a: number, b: number): number {\r\n  return a + b;\r\n}\r\n\r\n',
        '',
      ),
    );
  });
});

describe('delete_symbol in JavaScript and Python', () => {
  it('deletes a JavaScript class field and a generator function', async () => {
    const js = 'class A {\n  static q = () => 1;\n  #p() {}\n}\n\nfunction* gen() {\n  yield 1;\n}\n';
    const t = await observed('lib/a.mjs', js);
    ok(await t.wb.call('delete_symbol', { path: 'lib/a.mjs', symbol: 'A.q' }));
    ok(await t.wb.call('delete_symbol', { path: 'lib/a.mjs', symbol: 'gen' }));
    expect(t.text('lib/a.mjs')).toBe('class A {\n  #p() {}\n}\n');
  });

  it('deletes a decorated Python function with the comment above it', async () => {
    const py =
      'import os\n\n\n# Cached.\n@lru_cache\ndef f():\n    """Doc."""\n    return 1\n\n\ndef g():\n    return 2\n';
    const t = await observed('m.py', py);
    ok(await t.wb.call('delete_symbol', { path: 'm.py', symbol: 'f' }));
    expect(t.text('m.py')).toBe('import os\n\n\ndef g():\n    return 2\n');
  });

  it('deletes a first Python method with the comment above it (which Python parses into the class)', async () => {
    const py = 'class A:\n    # About m.\n    def m(self):\n        pass\n\n    def n(self):\n        pass\n';
    const t = await observed('m.py', py);
    ok(await t.wb.call('delete_symbol', { path: 'm.py', symbol: 'A.m' }));
    expect(t.text('m.py')).toBe('class A:\n    def n(self):\n        pass\n');
  });

  it('deletes a TSX component and leaves a statement that shares no line with it', async () => {
    const tsx = 'export function App() {\n  return <div>hi</div>;\n}\n\nexport default App;\n';
    const t = await observed('ui/app.tsx', tsx);
    ok(await t.wb.call('delete_symbol', { path: 'ui/app.tsx', symbol: 'App' }));
    expect(t.text('ui/app.tsx')).toBe('export default App;\n');
  });

  it('puts pass in a Python class whose last method is deleted', async () => {
    const py = 'class A:\n    @property\n    def m(self):\n        return 1\n\n\nx = A()\n';
    const t = await observed('m.py', py);
    ok(await t.wb.call('delete_symbol', { path: 'm.py', symbol: 'A.m' }));
    expect(t.text('m.py')).toBe('class A:\n    pass\n\n\nx = A()\n');
  });
});

describe('delete_symbol in Go, Rust and Java', () => {
  it('Go: a function, a method as Type.Method, and a type, each with its doc comment', async () => {
    const go =
      'package main\n\n// T is a thing.\ntype T struct{}\n\n// M does.\nfunc (t *T) M() {}\n\n// F does.\nfunc F() {}\n\nfunc main() {}\n';
    const t = await observed('main.go', go);
    ok(await t.wb.call('delete_symbol', { path: 'main.go', symbol: 'T.M' }));
    expect(t.text('main.go')).toBe(
      'package main\n\n// T is a thing.\ntype T struct{}\n\n// F does.\nfunc F() {}\n\nfunc main() {}\n',
    );
    ok(await t.wb.call('delete_symbol', { path: 'main.go', symbol: 'T' }));
    ok(await t.wb.call('delete_symbol', { path: 'main.go', symbol: 'F' }));
    expect(t.text('main.go')).toBe('package main\n\nfunc main() {}\n');
  });

  it('Rust: a method found in any impl block, with its doc comment and attribute; a struct with its derive', async () => {
    const rs =
      '/// A point.\n#[derive(Debug)]\npub struct P;\n\nimpl P {\n    pub fn new() -> P { P }\n\n    /// Length.\n    #[inline]\n    pub fn len(&self) -> usize { 0 }\n}\n\nimpl Default for P {\n    fn default() -> P { P }\n}\n';
    const t = await observed('src/lib.rs', rs);
    ok(await t.wb.call('delete_symbol', { path: 'src/lib.rs', symbol: 'P.len' }));
    ok(await t.wb.call('delete_symbol', { path: 'src/lib.rs', symbol: 'P.default' }));
    expect(t.text('src/lib.rs')).toBe(
      '/// A point.\n#[derive(Debug)]\npub struct P;\n\nimpl P {\n    pub fn new() -> P { P }\n}\n\nimpl Default for P {\n}\n',
    );
    ok(await t.wb.call('delete_symbol', { path: 'src/lib.rs', symbol: 'P' }));
    expect(t.text('src/lib.rs')).toBe('impl P {\n    pub fn new() -> P { P }\n}\n\nimpl Default for P {\n}\n');
  });

  it('Java: a method with its Javadoc and annotations; overloads are ambiguous with their lines', async () => {
    const java =
      'public class C {\n  /** Runs. */\n  @Override\n  public void run() {}\n\n  void f(int a) {}\n  void f(String s) {}\n}\n';
    const t = await observed('C.java', java);
    ok(await t.wb.call('delete_symbol', { path: 'C.java', symbol: 'C.run' }));
    expect(t.text('C.java')).toBe('public class C {\n  void f(int a) {}\n  void f(String s) {}\n}\n');
    const overloads = await t.wb.call('delete_symbol', { path: 'C.java', symbol: 'C.f' });
    expect(overloads).toMatchObject({ ok: false, code: 'FS_AMBIGUOUS_MATCH' });
    expect(overloads.ok ? '' : overloads.message).toContain('lines 2, 3');
  });
});

describe('delete_symbol refusals leave the file as it was', () => {
  it('a missing symbol is FS_SYMBOL_NOT_FOUND and names what is there', async () => {
    const t = await observed('src/a.ts', TS);
    const top = await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'subtract' });
    expect(top).toMatchObject({ ok: false, code: 'FS_SYMBOL_NOT_FOUND' });
    expect(top.ok ? '' : top.message).toContain('add, Parser, twice, Shape');
    expect(code(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'Parser.render' }))).toBe(
      'FS_SYMBOL_NOT_FOUND',
    );
    expect(code(await t.wb.call('delete_symbol', { path: 'src/a.ts', symbol: 'twice.x' }))).toBe('FS_SYMBOL_NOT_FOUND');
    expect(t.text('src/a.ts')).toBe(TS);
  });

  it('two definitions of one name are FS_AMBIGUOUS_MATCH with their line numbers', async () => {
    const py = 'def f():\n    pass\n\n\ndef f():\n    return 2\n';
    const t = await observed('m.py', py);
    const result = await t.wb.call('delete_symbol', { path: 'm.py', symbol: 'f' });
    expect(result).toMatchObject({ ok: false, code: 'FS_AMBIGUOUS_MATCH' });
    expect(result.ok ? '' : result.message).toContain('lines 1, 5');
    expect(t.text('m.py')).toBe(py);
  });

  it('an unsupported language is FS_INVALID_ARGUMENT naming the supported extensions', async () => {
    const t = await observed('lib/tool.rb', 'def f\nend\n');
    const result = await t.wb.call('delete_symbol', { path: 'lib/tool.rb', symbol: 'f' });
    expect(result).toMatchObject({ ok: false, code: 'FS_INVALID_ARGUMENT' });
    expect(result.ok ? '' : result.message).toMatch(/"\.rb".*\.ts, .*\.tsx, .*\.js, .*\.py, .*\.go, \.rs, \.java/);
    expect(t.text('lib/tool.rb')).toBe('def f\nend\n');
  });

  it('follows the observation rules: FS_NOT_OBSERVED before a read, FS_STALE_VERSION after an external write', async () => {
    const t = bench();
    t.write('m.py', 'def f():\n    pass\n');
    expect(code(await t.wb.call('delete_symbol', { path: 'm.py', symbol: 'f' }))).toBe('FS_NOT_OBSERVED');
    ok(await t.wb.call('read_file', { path: 'm.py' }));
    t.write('m.py', 'def f():\n    pass\n\n\ndef g():\n    pass\n');
    expect(code(await t.wb.call('delete_symbol', { path: 'm.py', symbol: 'f' }))).toBe('FS_STALE_VERSION');
    expect(t.text('m.py')).toBe('def f():\n    pass\n\n\ndef g():\n    pass\n');
  });

  it('a malformed symbol is refused by the schema', async () => {
    const t = await observed('m.py', 'def f():\n    pass\n');
    for (const symbol of ['', 'A..b', '.f', 'a b']) {
      expect(code(await t.wb.call('delete_symbol', { path: 'm.py', symbol })), symbol).toBe('FS_INVALID_ARGUMENT');
    }
  });
});

describe('delete_symbol size limit', () => {
  it('refuses a file past the parse limit with FS_FILE_TOO_LARGE naming the limit, and changes nothing', async () => {
    const big = 'function keep() {}\n' + '// filler line to make the file large enough\n'.repeat(200_000);
    expect(Buffer.byteLength(big)).toBeGreaterThan(8 * 1024 * 1024);
    const t = await observed('big.js', big);
    const result = await t.wb.call('delete_symbol', { path: 'big.js', symbol: 'keep' });
    expect(code(result)).toBe('FS_FILE_TOO_LARGE');
    expect(result.ok ? '' : result.message).toMatch(/8388608 bytes \(8 MiB\).*delete_range/);
    expect(t.text('big.js')).toBe(big);
    // The same session goes on: a small file still works.
    const s = await observed('small.ts', 'export function a() {}\nexport function b() {}\n');
    expect(code(await s.wb.call('delete_symbol', { path: 'small.ts', symbol: 'a' }))).toBe('ok');
  });
});

describe('delete_symbol from the built package', () => {
  // The parser runs in a worker thread whose file must exist in dist/ (a bundle chunk cannot find it
  // next to itself): this runs the library as an installed package runs it, plain node on dist/.
  it('deletes a symbol through dist/fs/index.js', () => {
    const t = bench();
    t.write('m.py', 'def a():\n    pass\n\ndef b():\n    pass\n');
    const library = pathToFileURL(path.join(import.meta.dirname, '..', '..', 'dist', 'fs', 'index.js')).href;
    const script = `
      const { openWorkbench } = await import(${JSON.stringify(library)});
      const wb = openWorkbench({ workspace: process.argv[1], lockDir: process.argv[2] });
      await wb.call('read_file', { path: 'm.py' });
      console.log(JSON.stringify(await wb.call('delete_symbol', { path: 'm.py', symbol: 'a' })));
      process.exit(0);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, t.ws, t.lockDir], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toMatchObject({ ok: true, symbol: 'a' });
    expect(t.text('m.py')).toBe('def b():\n    pass\n');
  });
});
