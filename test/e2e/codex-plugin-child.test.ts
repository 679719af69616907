// Codex plugins and the Codex children the bridge starts: a user who installed the peer-bridge
// Codex plugin (from the package's own marketplace, as `codex plugin marketplace add` + `codex
// plugin add` do it) and a probe plugin with a server of its own hands work to a Codex peer. The
// child's scripted model searches for every tool it has: none of the bridge's may appear (the
// plugin's server is required and resolvable, so Codex would start it if the bridge did not
// switch it off), while the probe plugin's server still starts and was given PEER_BRIDGE_DEPTH;
// and `peer-bridge doctor` says so.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { runBridge } from '../../src/index.js';
import { codexConfigToml } from '../doubles/codex-config.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';
import { toolsGiven } from '../helpers/codex-tools-given.js';
import { repoRoot } from '../helpers/serve-client.js';
import { answer } from '../helpers/peers.js';
import { codexBin, setEnv } from '../runners/helpers.js';
import { packageVersion as version, usePackedMarketplace } from './packed-install.js';

const run = promisify(execFile);
const packed = usePackedMarketplace('pb-codex-plugin-child-');
const cleanups = packed.cleanups;

// A marketplace with one plugin, `probe`, whose server is the depth probe (a copy, in a folder whose
// name does not mention peer-bridge), required so Codex waits for it before the model's first request.
function probeMarketplace(dir: string, report: string): string {
  const folder = path.join(dir, 'probe-market');
  const plugin = path.join(folder, 'probe');
  mkdirSync(path.join(plugin, '.codex-plugin'), { recursive: true });
  mkdirSync(path.join(folder, '.agents', 'plugins'), { recursive: true });
  const server = path.join(dir, 'depth-probe-mcp-server.mjs');
  copyFileSync(path.join(repoRoot, 'test', 'runners', 'fixtures', 'depth-probe-mcp-server.mjs'), server);
  writeFileSync(
    path.join(folder, '.agents', 'plugins', 'marketplace.json'),
    JSON.stringify({ name: 'probes', plugins: [{ name: 'probe', source: { source: 'local', path: './probe' } }] }),
  );
  writeFileSync(path.join(plugin, '.codex-plugin', 'plugin.json'), JSON.stringify({ name: 'probe', version: '1.0.0' }));
  const entry = { command: process.execPath, args: [server, report], required: true, startup_timeout_sec: 60 };
  writeFileSync(path.join(plugin, '.mcp.json'), JSON.stringify({ mcpServers: { probe: entry } }));
  return folder;
}

it.skipIf(process.platform === 'win32')(
  "a Codex child starts no server of the installed peer-bridge plugin, and another plugin's with the depth",
  async () => {
    const double = await startResponsesDouble([
      {
        kind: 'tool_search',
        query: 'bridge_advise bridge_implement bridge_review bridge_status probe_tool',
        limit: 50,
      },
      { kind: 'answer', answer: answer({ verdict: 'I have the probe tool and no bridge tool.' }) },
    ]);
    cleanups.push(() => double.close());
    const dir = realpathSync(mkdtempSync(path.join(packed.root, 'user-')));
    const home = path.join(dir, 'codex-home');
    mkdirSync(home);
    // The doubles' config switches plugins off (no network); the user has them on.
    writeFileSync(
      path.join(home, 'config.toml'),
      codexConfigToml(double.origin).replace('plugins = false', 'plugins = true'),
    );
    const report = path.join(dir, 'probe.json');
    const env = { ...process.env, CODEX_HOME: home, HOME: dir } as Record<string, string>;
    for (const [source, id] of [
      [packed.marketplace, 'peer-bridge@peer-bridge'],
      [probeMarketplace(dir, report), 'probe@probes'],
    ] as const) {
      await run(codexBin, ['plugin', 'marketplace', 'add', source], { env, cwd: packed.installed.project });
      await run(codexBin, ['plugin', 'add', id], { env, cwd: packed.installed.project });
    }
    // Codex itself would start both plugins' servers in this project.
    const listed = JSON.parse(
      (await run(codexBin, ['mcp', 'list', '--json'], { env, cwd: packed.installed.project })).stdout,
    );
    expect((listed as { name: string; enabled: boolean }[]).map((s) => [s.name, s.enabled])).toEqual([
      ['peer-bridge', true],
      ['probe', true],
    ]);
    cleanups.push(
      setEnv({
        CODEX_HOME: home,
        HOME: dir,
        OPENAI_API_KEY: 'sk-test-double',
        PEER_BRIDGE_CODEX_BIN: codexBin,
        PATH: [path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter),
      }),
    );
    // doctor, as the user would run it in the project, names both plugins' servers and what the child gets.
    // It exits 1 for the Claude runner's checks (no Claude credentials here); its JSON is what counts.
    const doctorOut = await new Promise<string>((resolve) => {
      const denv = { ...env, PEER_BRIDGE_CODEX_BIN: codexBin };
      execFile(packed.installed.bin, ['doctor', '--json'], { env: denv, cwd: packed.installed.project }, (_e, stdout) =>
        resolve(stdout),
      );
    });
    const doctor = JSON.parse(doctorOut) as { checks: { name: string; level: string; detail: string }[] };
    expect(doctor.checks.find((c) => c.name === 'codex-mcp')).toMatchObject({
      level: 'ok',
      detail: expect.stringContaining(
        'switched off in the child: peer-bridge (plugin peer-bridge@peer-bridge); ' +
          'given PEER_BRIDGE_DEPTH: probe (plugin probe@probes)',
      ),
    });
    const envelope = await runBridge({
      verb: 'advise',
      task: 'List your tools.',
      workspace: packed.installed.project,
      runner: 'codex',
    });
    expect(envelope, JSON.stringify(envelope)).toMatchObject({ status: 'complete', depth: 0 });
    const given = toolsGiven(double.requests);
    expect(given).toContain('probe_tool');
    expect(given.filter((name) => /bridge/.test(name))).toEqual([]);
    expect(JSON.parse(readFileSync(report, 'utf8'))).toEqual({ PEER_BRIDGE_DEPTH: '1' });
    expect(version).toBe(
      JSON.parse(readFileSync(path.join(packed.marketplace, '.codex-plugin', 'plugin.json'), 'utf8')).version,
    );
  },
  300_000,
);
