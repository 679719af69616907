// The facts the doc checks compare pages against, read from the project itself: the built CLI's
// --help, the variables named in the code, the served tool lists, the package's exports as
// package.json maps them, the schemas' validators, and the files of the repository.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { validateEnvelope, validateToolInput } from '../../src/envelope/index.js';
import { describeErrors, fsToolsSchema, validatorFor } from '../../src/fs/tool-schemas.js';
import { listTools } from '../../src/mcp/tools.js';
import { repoRoot } from '../helpers/serve-client.js';
import type { DocFacts } from './check-docs.js';
import { parseMarkdown } from './markdown.js';

const run = promisify(execFile);
export const builtCli = path.join(repoRoot, 'dist', 'cli', 'main.cjs');

/** Options a --help text lists (`--surface NAME` → --surface). */
export function optionsIn(help: string): Set<string> {
  return new Set(help.match(/(?<![\w-])--[a-z][a-z0-9-]*/g) ?? []);
}

/** Command names under "Commands:" in the top-level --help. */
export function commandsIn(help: string): string[] {
  const section = help.split(/^Commands:\s*$/m)[1]?.split(/^\S.*:\s*$/m)[0] ?? '';
  return [...section.matchAll(/^ {2}([a-z][a-z-]*)\s/gm)].map((m) => m[1]!);
}

async function help(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [builtCli, ...args, '--help'], { cwd: repoRoot });
  return stdout;
}

/** Every file under `dir` (repo-relative), skipping what is not the project's own. */
function filesUnder(dir: string): string[] {
  const absolute = path.join(repoRoot, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').includes('node_modules'));
}

/**
 * PEER_BRIDGE_* names in the code: src/ and native/ (what the package reads), plus the test
 * harness (test/, scripts/, .ci/) whose switches CONTRIBUTING and platforms.md describe. Not
 * test/docs/, whose bad samples name variables that exist nowhere else.
 */
function envVarsInCode(): Set<string> {
  const names = new Set<string>();
  for (const dir of ['src', 'native', 'test', 'scripts', '.ci']) {
    for (const file of filesUnder(dir)) {
      if (!/\.(ts|mts|js|mjs|cjs|cc|h|sh)$|^\.ci\/run$/.test(file) || file.startsWith('test/docs/')) continue; // not the checker's own bad samples
      for (const m of readFileSync(path.join(repoRoot, file), 'utf8').matchAll(/PEER_BRIDGE_[A-Z0-9_]*[A-Z0-9]/g))
        names.add(m[0]);
    }
  }
  return names;
}

async function packageExports(): Promise<Map<string, Set<string>>> {
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string | { default?: string }>;
  };
  const entries = new Map<string, Set<string>>();
  for (const [key, target] of Object.entries(pkg.exports)) {
    const file = typeof target === 'string' ? target : target.default;
    if (!file?.endsWith('.js')) continue;
    const module = (await import(path.join(repoRoot, file))) as Record<string, unknown>;
    entries.set(key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`, new Set(Object.keys(module)));
  }
  return entries;
}

export async function projectFacts(): Promise<DocFacts> {
  if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run npm run build:ts first`);
  const top = await help([]);
  const commands = new Map<string, Set<string>>();
  for (const command of commandsIn(top)) commands.set(command, optionsIn(await help([command])));
  const bridgeTools = listTools().map((tool) => tool.name);
  const fsTools = Object.keys(fsToolsSchema.$defs);
  const anchors = new Map<string, Set<string> | undefined>();
  return {
    commands,
    globalOptions: new Set([...optionsIn(top), '-h', '-v']),
    envVars: envVarsInCode(),
    tools: new Set([...bridgeTools, ...fsTools]),
    exports: await packageExports(),
    exists: (relative) => existsSync(path.join(repoRoot, relative)),
    listFiles: filesUnder,
    anchorsOf(relative) {
      if (!anchors.has(relative)) {
        const file = path.join(repoRoot, relative);
        anchors.set(
          relative,
          existsSync(file) && statSync(file).isFile() ? parseMarkdown(readFileSync(file, 'utf8')).anchors : undefined,
        );
      }
      return anchors.get(relative);
    },
    toolArgumentsProblem(name, args) {
      if (bridgeTools.includes(name)) {
        const checked = validateToolInput(name as Parameters<typeof validateToolInput>[0], args);
        return checked.ok ? null : checked.reason;
      }
      const validate = validatorFor(name);
      return !validate || validate(args) ? null : describeErrors(validate.errors);
    },
    envelopeProblem(value) {
      const checked = validateEnvelope(value);
      return checked.ok ? null : checked.reason;
    },
  };
}

/** The pages the docs test checks: the README, CONTRIBUTING and docs/*.md (not docs/_incoming/, drafts to fold in). */
export function documentationPages(): string[] {
  const docs = readdirSync(path.join(repoRoot, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`);
  return ['README.md', 'CONTRIBUTING.md', ...docs.sort()].filter((f) => existsSync(path.join(repoRoot, f)));
}
