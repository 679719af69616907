// The configuration fixtures of the Codex reader's tests: real files under fixtures/, placed in a
// temporary CODEX_HOME as they are or turned into the byte forms Codex also reads (a byte-order
// mark, CRLF line ends), and trusted or untrusted project folders around them.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdtempSync } from 'node:fs';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The names of the fixture files starting with `prefix`. */
export function fixtureNames(prefix = ''): string[] {
  return readdirSync(path.join(here, 'fixtures'))
    .filter((name) => name.startsWith(prefix) && name.endsWith('.toml'))
    .sort();
}

export type ByteForm = 'lf' | 'bom' | 'crlf' | 'bom+crlf';
export const BYTE_FORMS: ByteForm[] = ['lf', 'bom', 'crlf', 'bom+crlf'];

/** A fixture's text in one byte form, ORIGIN replaced by `origin`. */
export function fixtureText(name: string, form: ByteForm = 'lf', origin = 'http://127.0.0.1:9'): string {
  const text = readFileSync(path.join(here, 'fixtures', name), 'utf8').replaceAll('ORIGIN', origin);
  const lines = form.includes('crlf') ? text.replaceAll('\n', '\r\n') : text;
  return form.startsWith('bom') ? `\uFEFF${lines}` : lines;
}

/** A fresh folder (its real path). */
export function freshDir(prefix: string): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), `pb-codex-config-${prefix}-`)));
}

/** A CODEX_HOME whose config.toml is `text`. */
export function codexHomeWith(text: string): string {
  const home = freshDir('home');
  writeFileSync(path.join(home, 'config.toml'), text);
  return home;
}

/** A git repository (real `git init`) with `sub` made inside it; returns both real paths. */
export function gitProject(sub = ''): { root: string; cwd: string } {
  const root = freshDir('repo');
  execFileSync('git', ['init', '-q', root]);
  const cwd = path.join(root, sub);
  mkdirSync(cwd, { recursive: true });
  return { root, cwd };
}

/** Writes `<dir>/.codex/config.toml`. */
export function projectConfig(dir: string, text: string): string {
  mkdirSync(path.join(dir, '.codex'), { recursive: true });
  const file = path.join(dir, '.codex', 'config.toml');
  writeFileSync(file, text);
  return file;
}

/** `[projects."<dir>"] trust_level = …` lines for the user's config.toml. */
export function trust(dir: string, level: 'trusted' | 'untrusted' = 'trusted'): string {
  return `\n[projects.${JSON.stringify(dir)}]\ntrust_level = "${level}"\n`;
}
