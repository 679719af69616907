// Only src/settings reads the environment: no other module names `process.env`, and none reads a
// variable out of an environment object by name but the few allowed below (each with its reason).
// Read from the syntax tree (TypeScript's parser), so comments and strings never count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SETTINGS } from '../../src/settings/table.js';

const root = path.resolve(import.meta.dirname, '../..');

/** Files that read variables by name from an environment object, and why that is not a setting. */
const ALLOWED: Record<string, string> = {
  'src/cli/client-snippets.ts': 'lists which pass-through names are set, to write them into a client config',
  'src/runners/claude/index.ts':
    "fills in Claude Code's own MCP wait variables in the peer's environment when the user set none (theirs pass on as set)",
  'src/cli/doctor-plugins.ts':
    "checks whether a plugin peer's credentials (variables or files under its home) are set, never read as settings",
  'src/cli/doctor-credentials.ts':
    "checks whether the peers' provider credentials (handed on, never read as settings) are set",
};

interface Read {
  file: string;
  line: number;
  text: string;
}

function sourceFiles(): string[] {
  return readdirSync(path.join(root, 'src'), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.ts$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith('src/generated/'));
}

// An object that holds an environment, by the names the code gives them: env, childEnv, hostEnv()…
const ENV_OBJECT = /(^|\.)(\w*env|\w*Env\(\))$/i;
// A variable name: upper case with digits and `_`, or the few mixed-case ones Windows has.
const VARIABLE = /^([A-Z][A-Z0-9_]*|Path|ComSpec|SystemRoot)$/;

function isWrite(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isDeleteExpression(parent)) return true;
  return (
    ts.isBinaryExpression(parent) && parent.left === node && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken
  );
}

/** `process.env` anywhere, named or indexed reads from an environment object, and readSetting('NAME') calls. */
function reads(file: string): { processEnv: Read[]; named: Read[]; settings: string[] } {
  const text = readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found = { processEnv: [] as Read[], named: [] as Read[], settings: [] as string[] };
  const at = (node: ts.Node): Read => ({
    file,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    text: node.getText(source),
  });
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) {
      const receiver = node.expression.getText(source);
      if (receiver === 'process' && node.name.text === 'env') found.processEnv.push(at(node));
      else if (ENV_OBJECT.test(receiver) && VARIABLE.test(node.name.text) && !isWrite(node)) found.named.push(at(node));
    } else if (ts.isElementAccessExpression(node)) {
      if (ENV_OBJECT.test(node.expression.getText(source)) && !isWrite(node)) found.named.push(at(node));
    } else if (ts.isCallExpression(node) && node.expression.getText(source) === 'readSetting') {
      const [name] = node.arguments;
      if (name && ts.isStringLiteral(name)) found.settings.push(name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('reading the environment', () => {
  const files = sourceFiles().filter((file) => !file.startsWith('src/settings/'));
  const all = files.map((file) => ({ file, ...reads(file) }));

  it('happens in src/settings only: no other module names process.env', () => {
    expect(files.length).toBeGreaterThan(100);
    const outside = all.flatMap((f) => f.processEnv).map((r) => `${r.file}:${r.line} ${r.text}`);
    expect(outside, 'take hostEnv() (src/settings/env.ts) and read through readSetting').toEqual([]);
  });

  it('reads no variable by name outside src/settings, but in the files allowed with a reason', () => {
    const named = all.filter((f) => !(f.file in ALLOWED)).flatMap((f) => f.named);
    expect(
      named.map((r) => `${r.file}:${r.line} ${r.text}`),
      'add the variable to src/settings/table.ts (or system-table.ts) and read it with readSetting',
    ).toEqual([]);
    // Each exception is still needed: an allowed file that no longer reads by name leaves the list.
    const stale = Object.keys(ALLOWED).filter((file) => all.find((f) => f.file === file)?.named.length === 0);
    expect(stale).toEqual([]);
  });

  it('names each module that reads a variable among the readers of its row', () => {
    const unlisted = all.flatMap(({ file, settings }) => {
      const module = file.replace(/^src\//, '').replace(/\.ts$/, '');
      const rows = SETTINGS as Record<string, { readers: string[] }>;
      return settings
        .filter((name) => !rows[name]!.readers.some((r) => r.startsWith(module)))
        .map((n) => `${n}: ${module}`);
    });
    expect(all.reduce((n, f) => n + f.settings.length, 0)).toBeGreaterThan(30);
    expect(unlisted, 'add the module to the readers of the row in src/settings').toEqual([]);
  });

  it('catches the reads it is meant to catch', () => {
    const probe = 'src/settings/read.ts';
    const found = reads(probe);
    // read.ts itself reads env[name]; hostEnv in env.ts is the one process.env.
    expect(found.named.map((r) => r.text)).toContain('env[name]');
    expect(reads('src/settings/env.ts').processEnv.map((r) => r.text)).toEqual(['process.env']);
  });
});
