// The registration snippets as the README shows them: the fenced blocks of its "Register it"
// section, so the tests run what a user copies and the docs cannot drift from what works.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../helpers/serve-client.js';

export interface Fence {
  lang: string;
  text: string;
}

/** Fenced blocks between `### <title>` (or `level` #s) and the next heading of that level or above. */
export function sectionFences(markdown: string, title: string, level = 3): Fence[] {
  const lines = markdown.split('\n');
  const heading = `${'#'.repeat(level)} ${title}`;
  const start = lines.findIndex((line) => line.trim() === heading);
  if (start < 0) throw new Error(`README has no "${heading}" section`);
  const end = new RegExp(`^#{1,${level}} `);
  const fences: Fence[] = [];
  let open: Fence | null = null;
  for (const line of lines.slice(start + 1)) {
    if (!open && end.test(line)) break;
    const fence = /^```(\S*)\s*$/.exec(line);
    if (fence && !open) open = { lang: fence[1] ?? '', text: '' };
    else if (fence && open) {
      fences.push(open);
      open = null;
    } else if (open) open.text += `${line}\n`;
  }
  return fences;
}

export interface RegisterSnippets {
  /** The `claude mcp add…` command line. */
  claudeAdd: string;
  /** The headless `claude -p …` command line. */
  claudeHeadless: string;
  /** The `[mcp_servers.peer-bridge]` table for Codex. */
  codexToml: string;
}

/** The snippets of README.md's "Register it" section; throws naming what is missing. */
export function registerSnippets(readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')): RegisterSnippets {
  const fences = sectionFences(readme, 'Register it');
  const shellLines = fences
    .filter((f) => f.lang === 'sh')
    .flatMap((f) => f.text.split('\n'))
    .map((l) => l.trim());
  const find = (what: string, pick: (line: string) => boolean) => {
    const found = shellLines.filter(pick);
    if (found.length !== 1)
      throw new Error(`README "Register it" should have exactly one ${what} line, found ${found.length}`);
    return found[0]!;
  };
  const toml = fences.filter((f) => f.lang === 'toml' && f.text.includes('[mcp_servers.peer-bridge]'));
  if (toml.length !== 1)
    throw new Error(`README "Register it" should have one [mcp_servers.peer-bridge] toml block, found ${toml.length}`);
  return {
    claudeAdd: find('`claude mcp add`', (l) => l.startsWith('claude mcp add')),
    claudeHeadless: find('`claude -p`', (l) => l.startsWith('claude -p ')),
    codexToml: toml[0]!.text,
  };
}

/** The README's own instruction for a global install: start `peer-bridge` instead of `npx -y peer-bridge`. */
export function withoutNpx(snippet: string): string {
  const out = snippet
    .replace('"command":"npx","args":["-y","peer-bridge",', '"command":"peer-bridge","args":[')
    .replace('command = "npx"\nargs = ["-y", "peer-bridge", ', 'command = "peer-bridge"\nargs = [');
  if (out === snippet) throw new Error(`no npx form to replace in ${snippet}`);
  return out;
}

export interface InstallSnippets {
  /** Claude Code's `claude plugin …` lines, in order. */
  claude: string[];
  /** Codex's `codex plugin …` lines, in order. */
  codex: string[];
}

/** The plugin install lines of README.md's "Install" section; throws naming what is missing. */
export function installSnippets(readme = readFileSync(path.join(repoRoot, 'README.md'), 'utf8')): InstallSnippets {
  const lines = sectionFences(readme, 'Install', 2)
    .filter((f) => f.lang === 'sh')
    .flatMap((f) => f.text.split('\n'))
    .map((l) => l.trim())
    .filter(Boolean);
  const claude = lines.filter((l) => l.startsWith('claude plugin '));
  const codex = lines.filter((l) => l.startsWith('codex plugin '));
  if (claude.length !== 2 || codex.length !== 2)
    throw new Error(`README "Install" should have two claude plugin and two codex plugin lines`);
  return { claude, codex };
}

/** An install line as a user types it, run against a marketplace folder instead of the GitHub repository. */
export function withMarketplace(line: string, folder: string): string[] {
  const words = line.split(/\s+/);
  return words.slice(1).map((w) => (w === 'peer-bridge/peer-bridge' ? folder : w));
}
