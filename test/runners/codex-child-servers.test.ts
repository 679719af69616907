// The MCP servers a real Codex child is given, from the user's and the project's configuration:
// whatever form an entry of the bridge's own takes (an inline table at the top, dotted keys, an
// inline table under [mcp_servers] in a trusted project's .codex/config.toml), the scripted model
// that lists its tools finds none of the bridge's, while another server's tool is there and that
// server was started with PEER_BRIDGE_DEPTH though its entry forwards no variable.
import { copyFileSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRunner } from '../../src/runners/index.js';
import { codexConfigToml } from '../doubles/codex-config.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { installedMain, serveArgs, tomlArray, tomlString } from '../helpers/bridge-server-entries.js';
import { toolsGiven } from '../helpers/codex-tools-given.js';
import { codexBin, collector, request, root, setEnv, tempDir, validCore } from './helpers.js';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

// Required servers: Codex waits for them before the first model request, so a bridge server that
// was not switched off would be up, and its tools found, by the time the model searches.
const required = 'required = true, startup_timeout_sec = 60';

describe('the MCP servers of a Codex child', () => {
  it.skipIf(process.platform === 'win32')(
    "lists none of the bridge's own tools, whatever form its entries take",
    async () => {
      const double = await startResponsesDouble([
        {
          kind: 'tool_search',
          query: 'bridge_advise bridge_implement bridge_review bridge_status probe_tool',
          limit: 50,
        },
        { kind: 'answer', answer: validCore() },
      ]);
      cleanups.push(() => double.close());
      const dir = realpathSync(await tempDir('servers'));
      const workspace = path.join(dir, 'ws');
      mkdirSync(workspace);
      const report = path.join(dir, 'probe.json');
      // A copy: a checkout's own path may name peer-bridge, and the probe must not look like the bridge.
      const probe = path.join(dir, 'depth-probe-mcp-server.mjs');
      copyFileSync(path.join(root, 'test', 'runners', 'fixtures', 'depth-probe-mcp-server.mjs'), probe);
      const main = installedMain(dir);
      const node = tomlString(process.execPath);
      const top = [
        `mcp_servers.peer-bridge = { command = ${node}, args = ${tomlArray(serveArgs())}, ${required} }`,
        `mcp_servers.pbdot.command = ${node}`,
        `mcp_servers.pbdot.args = ${tomlArray(serveArgs(main))}`,
        'mcp_servers.pbdot.required = true',
        'mcp_servers.pbdot.startup_timeout_sec = 60',
        `mcp_servers.probe = { command = ${node}, args = ${tomlArray([probe, report])}, ${required} }`,
      ];
      const home = path.join(dir, 'codex-home');
      mkdirSync(home);
      writeFileSync(
        path.join(home, 'config.toml'),
        `${codexConfigToml(double.origin, top)}[projects.${tomlString(workspace)}]\ntrust_level = "trusted"\n`,
      );
      mkdirSync(path.join(workspace, '.codex'));
      writeFileSync(
        path.join(workspace, '.codex', 'config.toml'),
        `[mcp_servers]\nlocal-bridge = { command = ${node}, args = ${tomlArray(serveArgs(main))}, ${required} }\n`,
      );
      cleanups.push(
        setEnv({ CODEX_HOME: home, OPENAI_API_KEY: 'sk-test-double', PEER_BRIDGE_CODEX_BIN: codexBin, HOME: dir }),
      );
      const runner = await loadRunner('codex', { workspace });
      const events = collector();
      const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'gpt-5.5', depth: 1 }));
      expect(result.exitCode, result.stderrTail).toBe(0);
      const given = toolsGiven(double.requests);
      expect(given).toContain('probe_tool');
      expect(given.filter((name) => /bridge/.test(name))).toEqual([]);
      expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual({ PEER_BRIDGE_DEPTH: '1' });
    },
    120_000,
  );

  it('names no server of an untrusted project, which Codex does not have', async () => {
    const double = await startResponsesDouble([{ kind: 'answer', answer: validCore() }]);
    cleanups.push(() => double.close());
    const dir = realpathSync(await tempDir('untrusted'));
    const workspace = path.join(dir, 'ws');
    mkdirSync(path.join(workspace, '.codex'), { recursive: true });
    // An override naming this server would stop Codex ("invalid transport"): it must not be named.
    writeFileSync(path.join(workspace, '.codex', 'config.toml'), '[mcp_servers.peer-bridge]\ncommand = "npx"\n');
    const home = path.join(dir, 'codex-home');
    mkdirSync(home);
    writeFileSync(path.join(home, 'config.toml'), codexConfigToml(double.origin));
    cleanups.push(
      setEnv({ CODEX_HOME: home, OPENAI_API_KEY: 'sk-test-double', PEER_BRIDGE_CODEX_BIN: codexBin, HOME: dir }),
    );
    const runner = await loadRunner('codex', { workspace });
    const events = collector();
    const result = await runner.run(request('advise', workspace, events.onEvent, { model: 'gpt-5.5' }));
    expect(result.exitCode, result.stderrTail).toBe(0);
    expect(events.events.filter((e) => e.type === 'final')).toHaveLength(1);
  }, 60_000);

  it('goes on as Codex does with a config.toml that does not parse: the call fails with its line', async () => {
    const dir = realpathSync(await tempDir('broken'));
    const home = path.join(dir, 'codex-home');
    mkdirSync(home);
    writeFileSync(path.join(home, 'config.toml'), '\uFEFFmodel = "gpt-5.5"\r\n[mcp_servers.pb]\r\ncommand = \r\n');
    cleanups.push(
      setEnv({ CODEX_HOME: home, OPENAI_API_KEY: 'sk-test-double', PEER_BRIDGE_CODEX_BIN: codexBin, HOME: dir }),
    );
    const runner = await loadRunner('codex', { workspace: dir });
    const events = collector();
    const result = await runner.run(request('advise', dir, events.onEvent));
    expect(result.exitCode).not.toBe(0);
    const fatal = events.events.filter((e) => e.type === 'error' && e.fatal);
    expect(fatal).toEqual([
      expect.objectContaining({
        cause: 'child-exit',
        message: expect.stringContaining(`${path.join(home, 'config.toml')}:3:`),
      }),
    ]);
  }, 60_000);
});
