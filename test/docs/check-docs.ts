// Checks one Markdown page against the project as it is: what the page names must exist. Pure: the
// facts (commands and their options, variables the code reads, served tools, package exports,
// files) are gathered elsewhere, so the checker can be run against a bad sample in a unit test.
import path from 'node:path';
import { parseMarkdown, type MarkdownParts } from './markdown.js';

export interface DocFacts {
  /** Each `peer-bridge` command → the options its `--help` lists. */
  commands: ReadonlyMap<string, ReadonlySet<string>>;
  /** Options of `peer-bridge` itself (`--help`, `--version`). */
  globalOptions: ReadonlySet<string>;
  /** `PEER_BRIDGE_*` variables the code reads. */
  envVars: ReadonlySet<string>;
  /** Tools a server serves: the bridge's and the workbench's. */
  tools: ReadonlySet<string>;
  /** Package entry (`peer-bridge`, `peer-bridge/fs`, …) → its runtime exports. */
  exports: ReadonlyMap<string, ReadonlySet<string>>;
  /** Whether a repo-relative path exists. */
  exists(relative: string): boolean;
  /** Repo-relative paths under a repo-relative folder, recursively (for `*` patterns). */
  listFiles(relativeDir: string): string[];
  /** The heading anchors of another repo-relative Markdown file, or undefined when unreadable. */
  anchorsOf(relative: string): ReadonlySet<string> | undefined;
  /** Why `args` are not valid arguments of tool `name`, or null when they are. */
  toolArgumentsProblem(name: string, args: unknown): string | null;
  /** Why `value` is not a valid public envelope, or null when it is. */
  envelopeProblem(value: unknown): string | null;
}

export type ProblemKind = 'link' | 'anchor' | 'command' | 'option' | 'env' | 'json' | 'tool' | 'export' | 'path';

export interface DocProblem {
  kind: ProblemKind;
  message: string;
}

const ENV_VAR = /\bPEER_BRIDGE_(?:[A-Z0-9]|<[A-Z]+>)(?:[A-Z0-9_]|<[A-Z]+>)*/g;
// Words after a command line's last option: a comment, a pipe, a redirect, another command.
const STOPS = new Set(['#', '|', '||', '&&', ';', '>', '>>', '2>', '2>&1']);
// A fs-tool-shaped name in a code span (`read_file`, `multi_edit`, `delete_symbol`, `todo_write`…).
const FS_TOOL_SHAPE = /^[a-z]+_(?:file|edit|range|symbol|write|read)$/;
const REPO_PATH = /^(?:src|test|schemas|scripts|native|bench|docs|\.github|\.ci)\/[^\s<>…]*$/;

/** Words of one command line, JSON and shell quoting taken off: `["-y","peer-bridge","serve"]` → -y peer-bridge serve. */
function words(line: string): string[] {
  return line.split(/[\s[\]"'{},]+/).filter(Boolean);
}

/** Every problem of one page; `file` is its repo-relative path (links resolve from its folder). */
export function checkMarkdown(file: string, markdown: string, facts: DocFacts): DocProblem[] {
  const parts = parseMarkdown(markdown);
  return [
    ...checkLinks(file, parts, facts),
    ...checkCommandLines(parts, facts),
    ...checkEnvVars(markdown, facts),
    ...checkJson(parts, facts),
    ...checkToolNames(parts, facts),
    ...checkImports(parts, facts),
    ...checkPaths(parts, facts),
  ];
}

function checkLinks(file: string, parts: MarkdownParts, facts: DocFacts): DocProblem[] {
  const problems: DocProblem[] = [];
  for (const href of parts.links) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:: not this test's business
    const [target = '', anchor] = href.split('#', 2);
    const resolved =
      target === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(target)));
    if (resolved.startsWith('../') || path.posix.isAbsolute(resolved)) {
      problems.push({ kind: 'link', message: `${href} leaves the repository` });
      continue;
    }
    if (!facts.exists(resolved.replace(/\/$/, '') || '.')) {
      problems.push({ kind: 'link', message: `${href}: ${resolved} does not exist` });
      continue;
    }
    if (anchor && resolved.endsWith('.md')) {
      const anchors = resolved === file ? parts.anchors : facts.anchorsOf(resolved);
      if (!anchors?.has(anchor))
        problems.push({ kind: 'anchor', message: `${href}: ${resolved} has no heading #${anchor}` });
    }
  }
  return problems;
}

/** `peer-bridge <command> --option …` in code blocks and spans, and spans that start with a command. */
function checkCommandLines(parts: MarkdownParts, facts: DocFacts): DocProblem[] {
  const problems: DocProblem[] = [];
  const checkOptions = (command: string, rest: string[], where: string) => {
    const known = facts.commands.get(command)!;
    for (const word of rest) {
      if (STOPS.has(word) || word.startsWith('#')) break;
      const option = /^--[a-z][a-z0-9-]*/.exec(word)?.[0];
      if (option && !known.has(option))
        problems.push({
          kind: 'option',
          message: `${where}: \`peer-bridge ${command}\` has no ${option} (its --help lists ${[...known].join(', ')})`,
        });
    }
  };
  const lines = [...parts.fences.flatMap((f) => f.text.split('\n')), ...parts.spans];
  for (const line of lines) {
    const w = words(line);
    w.forEach((word, i) => {
      if (word !== 'peer-bridge') return;
      const next = w[i + 1];
      // Where a shell would run it: first, or after npx / -y / VAR=value.
      const invoked = w
        .slice(0, i)
        .every((before) => before === 'npx' || before === '-y' || /^[A-Z_][A-Z0-9_]*=/.test(before));
      if (next !== undefined && facts.commands.has(next)) checkOptions(next, w.slice(i + 2), line.trim());
      else if (
        invoked &&
        next !== undefined &&
        next.startsWith('-') &&
        !STOPS.has(next) &&
        !facts.globalOptions.has(next)
      ) {
        problems.push({ kind: 'option', message: `${line.trim()}: peer-bridge has no ${next}` });
      } else if (invoked && next !== undefined && /^[a-z][a-z-]*$/.test(next)) {
        problems.push({
          kind: 'command',
          message: `${line.trim()}: peer-bridge has no command "${next}" (it has ${[...facts.commands.keys()].join(', ')})`,
        });
      }
    });
  }
  // A span such as `doctor --live` or `serve --surface workbench`.
  for (const span of parts.spans) {
    const w = words(span);
    if (w[0] && facts.commands.has(w[0]) && w.some((x) => x.startsWith('--'))) checkOptions(w[0], w.slice(1), span);
  }
  return problems;
}

function checkEnvVars(markdown: string, facts: DocFacts): DocProblem[] {
  const problems: DocProblem[] = [];
  for (const found of new Set(markdown.match(ENV_VAR) ?? [])) {
    const name = found.replace(/_+$/, '');
    const known = name.includes('<')
      ? [...facts.envVars].some((v) => new RegExp(`^${name.replace(/<[A-Z]+>/g, '[A-Z0-9_]+')}$`).test(v))
      : facts.envVars.has(name);
    if (!known) problems.push({ kind: 'env', message: `${name} is not read anywhere in the code` });
  }
  return problems;
}

function checkJson(parts: MarkdownParts, facts: DocFacts): DocProblem[] {
  const problems: DocProblem[] = [];
  for (const fence of parts.fences.filter((f) => f.lang === 'json')) {
    let value: unknown;
    try {
      value = JSON.parse(fence.text);
    } catch (error) {
      problems.push({
        kind: 'json',
        message: `a json block does not parse (${(error as Error).message}): ${fence.text.slice(0, 80)}`,
      });
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const v = value as Record<string, unknown>;
    // A tools/call request: the tool must be served and its arguments valid.
    if (v.method === 'tools/call') {
      const params = (v.params ?? {}) as { name?: unknown; arguments?: unknown };
      const name = String(params.name);
      if (!facts.tools.has(name))
        problems.push({ kind: 'tool', message: `a tools/call block calls ${name}, which no server serves` });
      else {
        const why = facts.toolArgumentsProblem(name, params.arguments ?? {});
        if (why)
          problems.push({ kind: 'json', message: `a tools/call block for ${name} has invalid arguments: ${why}` });
      }
    }
    // An envelope: it must be one a call can return.
    if ('run_id' in v && 'verb' in v && 'direction' in v) {
      const why = facts.envelopeProblem(v);
      if (why) problems.push({ kind: 'json', message: `an envelope block is not a valid envelope: ${why}` });
    }
  }
  return problems;
}

function checkToolNames(parts: MarkdownParts, facts: DocFacts): DocProblem[] {
  const named = new Set<string>();
  for (const text of [...parts.spans, ...parts.fences.map((f) => f.text)]) {
    // Not the `bridge_` inside a plugin's tool prefix (`mcp__plugin_peer-bridge_peer-bridge__…`).
    for (const m of text.matchAll(/(?<![\w-])bridge_[a-z_]+/g)) named.add(m[0]);
    for (const m of text.matchAll(/mcp__(?:plugin_peer-bridge_)?peer[-_]bridge__([a-z_]+)/g)) named.add(m[1]!);
    for (const m of text.matchAll(/\.call\(\s*['"]([a-z_]+)['"]/g)) named.add(m[1]!);
  }
  for (const span of parts.spans) if (FS_TOOL_SHAPE.test(span)) named.add(span);
  return [...named]
    .filter((name) => !facts.tools.has(name))
    .map((name) => ({ kind: 'tool' as const, message: `tool ${name} is not served` }));
}

function checkImports(parts: MarkdownParts, facts: DocFacts): DocProblem[] {
  const problems: DocProblem[] = [];
  for (const fence of parts.fences.filter((f) => /^(js|mjs|ts|javascript|typescript)$/.test(f.lang))) {
    for (const m of fence.text.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"](peer-bridge(?:\/[\w-]+)?)['"]/g)) {
      const entry = m[2]!;
      const exported = facts.exports.get(entry);
      if (!exported) {
        problems.push({ kind: 'export', message: `${entry} is not an entry of the package` });
        continue;
      }
      for (const spec of m[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)) {
        if (spec.startsWith('type ')) continue; // types have no runtime trace to check
        const name = spec.split(/\s+as\s+/)[0]!;
        if (!exported.has(name)) problems.push({ kind: 'export', message: `${entry} does not export ${name}` });
      }
    }
  }
  return problems;
}

/** Repo paths in code spans (`src/runners/types.ts`, `test/native/conformance/*.test.mjs`) exist. */
function checkPaths(parts: MarkdownParts, facts: DocFacts): DocProblem[] {
  const problems: DocProblem[] = [];
  for (const span of new Set(parts.spans)) {
    if (!REPO_PATH.test(span)) continue;
    const clean = span.replace(/\/$/, '');
    if (!clean.includes('*')) {
      if (!facts.exists(clean)) problems.push({ kind: 'path', message: `${span} does not exist` });
      continue;
    }
    const fixed = clean.slice(0, clean.indexOf('*'));
    const dir = fixed.includes('/') ? fixed.slice(0, fixed.lastIndexOf('/')) : '.';
    const pattern = new RegExp(
      `^${clean
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*')}$`,
    );
    if (!facts.exists(dir) || !facts.listFiles(dir).some((f) => pattern.test(f)))
      problems.push({ kind: 'path', message: `${span} matches no file` });
  }
  return problems;
}
