// The runner plugin of docs/runners-and-plugins.md, as written there (only its import of
// 'peer-bridge' points at this checkout), with the config file shown there: a user who copies
// both gets a call that completes. `my-cli` is a script standing in for the user's CLI, printing
// what the page says it prints.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runBridge } from '../../src/bridge/run-bridge.js';
import { useTempDir } from '../helpers/temp-dir.js';
import { repoRoot } from '../helpers/serve-client.js';

const tempDir = useTempDir();
const page = readFileSync(path.join(repoRoot, 'docs', 'runners-and-plugins.md'), 'utf8');

/** The first fenced block of `language` after `heading` that contains `marker`. */
function block(heading: string, language: string, marker: string): string {
  const section = page.slice(page.indexOf(heading));
  const found = [...section.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\``, 'g'))]
    .map((m) => m[1]!)
    .find((code) => code.includes(marker));
  if (!found) throw new Error(`no ${language} block with ${marker} under ${heading}`);
  return found;
}

const answer = {
  status: 'complete',
  verdict: 'parse() is safe on empty input.',
  findings: [],
  files_touched: [],
  remaining: [],
  blockers: [],
  details: ['Read src/parse.ts.'],
};

describe('the runner plugin example', () => {
  it('loads with the config file of the page and completes a call', async () => {
    const dir = tempDir();
    const plugin = block('## Writing a runner plugin', 'js', 'defineRunner(').replace(
      "from 'peer-bridge'",
      `from ${JSON.stringify(pathToFileURL(path.join(repoRoot, 'src', 'index.ts')).href)}`,
    );
    const config = JSON.parse(block('## The config file', 'json', '"runners"')) as {
      runners: Record<string, unknown>;
    };
    const [specifier] = Object.keys(config.runners);
    mkdirSync(path.join(dir, 'runners'));
    writeFileSync(path.join(dir, specifier!), plugin);
    const configPath = path.join(dir, 'peer-bridge.config.json');
    writeFileSync(configPath, JSON.stringify(config));
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    const cli = path.join(bin, 'my-cli');
    writeFileSync(cli, `#!/bin/sh\necho "thinking"\necho '${JSON.stringify(answer)}'\n`);
    chmodSync(cli, 0o755);
    const workspace = path.join(dir, 'ws');
    mkdirSync(workspace);

    // Found on PATH, as the user's CLI would be (runners resolve executables from process.env).
    const path0 = process.env.PATH;
    process.env.PATH = `${bin}${path.delimiter}${path0 ?? ''}`;
    const envelope = await runBridge(
      { verb: 'advise', task: 'Is parse() safe on empty input?', workspace, runner: specifier! },
      { configPath },
    ).finally(() => (process.env.PATH = path0));
    expect(envelope, JSON.stringify(envelope.blockers)).toMatchObject({ status: 'complete', verdict: answer.verdict });
  });
});
