// Small pure pieces of the host and the runners: the codex command line, effort
// levels, config file checks, event mapping of lines the doubles cannot make the CLIs print.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ClaudeEventMapper } from '../../src/runners/claude/events.js';
import { readCodexConfig } from '../../src/codex-config/index.js';
import { codexArgs } from '../../src/runners/codex/args.js';
import { childServerArgs } from '../../src/runners/codex/mcp-config.js';
import { estimateCost } from '../../src/runners/codex/index.js';
import { parseCatalog } from '../../src/runners/codex/models.js';
import { loadConfig } from '../../src/runners/config.js';
import { RunnerConfigError } from '../../src/runners/errors.js';
import { overrideVariable } from '../../src/runners/executable.js';
import { tempDir } from './helpers.js';

describe('codex pieces', () => {
  it("switches the bridge's own servers off and gives every other stdio server the depth", async () => {
    const home = await tempDir('codex-home');
    await writeFile(
      path.join(home, 'config.toml'),
      [
        'mcp_servers.pb = { command = "npx", args = ["-y", "peer-bridge", "serve"] }',
        'mcp_servers.wrapped.command = "/opt/helper.sh"',
        "mcp_servers.peer_bridge = { command = 'x' }",
        'mcp_servers.off = { command = "off-mcp", enabled = false }',
        'mcp_servers.web = { url = "http://127.0.0.1:9/mcp" }',
        '[mcp_servers."has space"]',
        'command = "npx"',
        'args = ["peer-bridge", "serve"]',
        '',
      ].join('\n'),
    );
    const config = readCodexConfig({ env: { CODEX_HOME: home, HOME: home }, systemDir: null });
    expect(childServerArgs(config, 2)).toEqual([
      '-c',
      'mcp_servers.pb.enabled=false',
      '-c',
      'mcp_servers.wrapped.env.PEER_BRIDGE_DEPTH="2"',
      '-c',
      'mcp_servers.peer_bridge.enabled=false',
    ]);
  });
  it('uses the read-only sandbox and no session files for read-only verbs', () => {
    const args = codexArgs({
      verb: 'review',
      prompt: '-starts with a dash',
      schemaFile: '/t/s.json',
      serverOverrides: [],
      effort: 'high',
    });
    expect(args).toEqual(
      expect.arrayContaining(['--sandbox', 'read-only', '--ephemeral', '-c', 'model_reasoning_effort=high']),
    );
    expect(args.slice(-2)).toEqual(['--', '-starts with a dash']);
    expect(codexArgs({ verb: 'implement', prompt: 'p', schemaFile: 's', serverOverrides: [] })).toEqual(
      expect.arrayContaining(['--sandbox', 'workspace-write']),
    );
    expect(codexArgs({ verb: 'implement', prompt: 'p', schemaFile: 's', serverOverrides: [] })).not.toContain(
      '--ephemeral',
    );
  });
  it('reads the effort catalog and ignores levels it does not know', () => {
    const catalog = parseCatalog(
      JSON.stringify({
        models: [
          { slug: 'm', supported_reasoning_levels: [{ effort: 'high' }, { effort: 'ultra' }, { effort: 'low' }] },
        ],
      }),
    );
    expect(catalog?.get('m')).toEqual(['low', 'high']);
    expect(parseCatalog('not json')).toBeNull();
  });
  it('estimates a cost only from a configured price', () => {
    const tokens = { input_tokens: 1_000_000, cached_input_tokens: 400_000, output_tokens: 100_000 };
    expect(estimateCost(tokens, { input: 1, cached_input: 0.1, output: 10 })).toBeCloseTo(0.6 + 0.04 + 1);
    expect(estimateCost(tokens, undefined)).toBeNull();
  });
});

describe('claude result subtypes', () => {
  it.each([
    ['error_max_turns', 'max-turns'],
    ['error_during_execution', 'execution-error'],
    ['error_max_budget_usd', 'max-budget'],
    ['error_max_structured_output_retries', 'structured-output-retries'],
  ])('maps %s to a fatal error with cause %s', (subtype, cause) => {
    const events = new ClaudeEventMapper().map(
      JSON.stringify({ type: 'result', subtype, is_error: true, total_cost_usd: 0.01, usage: { input_tokens: 5 } }),
    );
    expect(events).toEqual([
      { type: 'usage', tokens: { input_tokens: 5 }, cost_usd: 0.01, cost_source: 'reported' },
      expect.objectContaining({ type: 'error', fatal: true, cause }),
    ]);
  });
});

describe('runner config file', () => {
  it('rejects malformed JSON, a bad grant and a bad price with the file named', async () => {
    const dir = await tempDir('config');
    const file = path.join(dir, 'peer-bridge.config.json');
    await writeFile(file, '{ nope');
    expect(() => loadConfig(file)).toThrow(RunnerConfigError);
    await writeFile(file, JSON.stringify({ runners: { x: { grant: { run: 'node' } } } }));
    expect(() => loadConfig(file)).toThrow(/runners\["x"\]\.grant/);
    await writeFile(file, JSON.stringify({ price_table: { m: { input: 'cheap' } } }));
    expect(() => loadConfig(file)).toThrow(/price_table\["m"\]/);
  });

  it('rejects a runners or price_table entry of the wrong shape as a config error, not a TypeError', async () => {
    const dir = await tempDir('config');
    const file = path.join(dir, 'peer-bridge.config.json');
    for (const data of [
      { runners: { x: null } },
      { runners: ['./x.js'] },
      { runners: 'x' },
      { price_table: [1] },
      { price_table: { m: null } },
    ]) {
      await writeFile(file, JSON.stringify(data));
      expect(() => loadConfig(file), JSON.stringify(data)).toThrow(RunnerConfigError);
    }
  });
  it('names the override variable for an executable', () => {
    expect(overrideVariable('codex')).toBe('PEER_BRIDGE_CODEX_BIN');
    expect(overrideVariable('my-cli')).toBe('PEER_BRIDGE_MY_CLI_BIN');
  });
});
