// The README, CONTRIBUTING and every docs/ page against the project as built: their links resolve,
// each `peer-bridge <command> --option` is in that command's --help, each PEER_BRIDGE_* variable is
// one the code reads, each json block parses (tool calls and envelopes also validate), each tool
// name is served, each import from the package is exported and each repo path exists. The checker
// itself is pinned against bad samples, so a check that stopped looking would fail here too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../helpers/serve-client.js';
import { checkMarkdown, type DocFacts, type ProblemKind } from './check-docs.js';
import { commandsIn, documentationPages, optionsIn, projectFacts } from './project-facts.js';

let facts: DocFacts;
beforeAll(async () => {
  facts = await projectFacts();
}, 60_000);

describe('the documentation matches the project', () => {
  it('checks the README, CONTRIBUTING and every docs/ page', () => {
    const pages = documentationPages();
    expect(pages).toEqual(
      expect.arrayContaining([
        'README.md',
        'CONTRIBUTING.md',
        'docs/README.md',
        'docs/bridge.md',
        'docs/troubleshooting.md',
      ]),
    );
  });

  it.each(documentationPages())('%s names only what exists', (page) => {
    const problems = checkMarkdown(page, readFileSync(path.join(repoRoot, page), 'utf8'), facts);
    expect(problems).toEqual([]);
  });
});

describe('the facts come from the project', () => {
  it('reads every command and its options from the built CLI', () => {
    expect([...facts.commands.keys()]).toEqual(
      expect.arrayContaining(['serve', 'run', 'runs', 'doctor', 'config', 'acceptance']),
    );
    expect([...facts.commands.get('serve')!]).toEqual(
      expect.arrayContaining(['--workspace', '--surface', '--runner', '--config', '--help']),
    );
  });

  it('knows the served tools and the variables the code reads', () => {
    expect([...facts.tools]).toEqual(
      expect.arrayContaining(['bridge_advise', 'bridge_status', 'read_file', 'delete_symbol']),
    );
    expect([...facts.envVars]).toEqual(
      expect.arrayContaining(['PEER_BRIDGE_DEPTH', 'PEER_BRIDGE_NATIVE_FORCE', 'PEER_BRIDGE_LOCK_DIR']),
    );
  });

  it('parses a --help text into commands and options', () => {
    const top = 'Usage: x\n\nCommands:\n  serve     a\n  acceptance  b\n\nOptions:\n  -h, --help   c\n';
    expect(commandsIn(top)).toEqual(['serve', 'acceptance']);
    expect([...optionsIn('  --html [FILE]   x\n  --supported-efforts  y (see --json)')]).toEqual([
      '--html',
      '--supported-efforts',
      '--json',
    ]);
  });
});

// The checker against pages with one mistake each, using the real facts.
describe('the checker finds each kind of mistake', () => {
  const kinds = (markdown: string, file = 'docs/sample.md') => checkMarkdown(file, markdown, facts).map((p) => p.kind);
  const cases: [string, ProblemKind, string][] = [
    ['a link to a missing file', 'link', 'See [the page](missing-page.md).'],
    ['a link out of the repository', 'link', 'See [up](../../elsewhere.md).'],
    ['a link to a missing heading', 'anchor', 'See [bridge](bridge.md#no-such-heading).'],
    ['an option a command lacks', 'option', '```sh\npeer-bridge serve --no-such-option\n```'],
    ['an option in an inline command', 'option', 'Run `peer-bridge runs --htlm` to see it.'],
    ['an option in a bare command span', 'option', 'Use `doctor --lively`.'],
    [
      'an option in a JSON args array',
      'option',
      '```json\n{ "args": ["-y", "peer-bridge", "serve", "--runer", "claude"] }\n```',
    ],
    ['a command that does not exist', 'command', '```sh\nnpx peer-bridge statuz --json\n```'],
    ['a variable nobody reads', 'env', 'Set `PEER_BRIDGE_NO_SUCH_THING=1`.'],
    ['a placeholder variable nothing matches', 'env', 'Set `PEER_BRIDGE_<NAME>_PATHS`.'],
    ['a json block that does not parse', 'json', '```json\n{ "runners": { }, }\n```'],
    [
      'a tools/call with bad arguments',
      'json',
      '```json\n{ "method": "tools/call", "params": { "name": "bridge_advise", "arguments": { "tsak": "x" } } }\n```',
    ],
    [
      'an envelope that is not one',
      'json',
      '```json\n{ "run_id": "r1", "verb": "advise", "direction": "a->b", "status": "done" }\n```',
    ],
    ['a bridge tool that is not served', 'tool', 'Call `bridge_summon`.'],
    ['a workbench tool that is not served', 'tool', 'Call `rename_file`.'],
    ['a plugin tool that is not served', 'tool', 'Allow `mcp__plugin_peer-bridge_peer-bridge__bridge_summon`.'],
    ['a workbench call of a missing tool', 'tool', "```js\nawait wb.call('copy_file', { path: 'a' });\n```"],
    [
      'an import the package does not export',
      'export',
      "```js\nimport { runBridge, runEverything } from 'peer-bridge';\n```",
    ],
    ['an import from an entry the package lacks', 'export', "```js\nimport { x } from 'peer-bridge/secret';\n```"],
    ['a repo path that does not exist', 'path', 'The types are in `src/runners/no-such-file.ts`.'],
    ['a path pattern that matches nothing', 'path', 'Tests in `test/native/conformance/*.test.py`.'],
  ];
  it.each(cases)('%s', (_what, kind, markdown) => {
    expect(kinds(markdown)).toEqual([kind]);
  });

  it('passes the same shapes when they are right', () => {
    const good = [
      'See [bridge](bridge.md#what-a-call-returns), [the index](README.md) and [home](../README.md#register-it).',
      '```sh\nnpx peer-bridge serve --workspace . --runner codex   # the server\npeer-bridge --version\n```',
      'Use `doctor --live`, `peer-bridge runs --html [FILE] --open` and `PEER_BRIDGE_<NAME>_BIN`.',
      '```json\n{ "method": "tools/call", "params": { "name": "bridge_advise", "arguments": { "task": "x" } } }\n```',
      "```js\nimport { runBridge, defineRunner } from 'peer-bridge';\nimport { openWorkbench } from 'peer-bridge/fs';\nawait wb.call('read_file', { path: 'a' });\n```",
      'Tools `read_file`, `bridge_status`; types in `src/runners/types.ts`; tests in `test/native/conformance/*.test.mjs`.',
      'The plugin: `mcp__plugin_peer-bridge_peer-bridge__bridge_advise`, all of them `mcp__plugin_peer-bridge_peer-bridge`.',
    ].join('\n\n');
    expect(checkMarkdown('docs/sample.md', good, facts)).toEqual([]);
  });
});
