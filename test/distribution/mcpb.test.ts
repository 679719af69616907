// The MCP bundles for Claude Desktop: the manifest passes `mcpb validate` as kept in the repository
// and as narrowed for each platform, and the linux-x64 bundle, built by scripts/mcpb/ and unpacked
// with `mcpb unpack` into an empty folder, holds what it should (no node_modules: dist/ is
// self-contained) and serves over stdio with plain node (test/distribution/driver/drive-bundle.mjs
// starts it as Claude Desktop would), delete_symbol included.
// Needs dist/ (npm run build:ts) and prebuilds/linux-x64 (npm run prebuild); both are built by
// `npm test` before the suite runs.
import { spawnSync } from 'node:child_process';
import { execa } from 'execa';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET_SECONDS, MCP_MAX_BUDGET_SECONDS } from '../../src/bridge/budget.js';
import { packageRoot } from '../../src/package/root.js';
import { VERBS } from '../../src/vocabulary.js';
import { bundleManifest, BUNDLE_META_KEY, MANIFEST_FILE } from '../../scripts/mcpb/manifest.js';
import { packBundles } from '../../scripts/mcpb/pack.js';
import { ALWAYS, platformOf, WHEN_BUILT } from '../../scripts/mcpb/platforms.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answer, codexEnv } from '../helpers/peers.js';
import { startResponsesDouble } from '../doubles/openai-responses-server.js';

const root = packageRoot();
const mcpbCli = path.join(root, 'node_modules', '@anthropic-ai', 'mcpb', 'dist', 'cli', 'cli.js');
const mcpb = (...args: string[]) => spawnSync(process.execPath, [mcpbCli, ...args], { encoding: 'utf8' });
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
const pkg = readJson(path.join(root, 'package.json'));

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'pb-mcpb-'));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the MCP bundle manifest', () => {
  it('passes mcpb validate as kept in the repository, and a broken copy does not', () => {
    const ok = mcpb('validate', path.join(root, MANIFEST_FILE));
    expect(ok.status, ok.stdout + ok.stderr).toBe(0);
    const broken = path.join(work, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...readJson(path.join(root, MANIFEST_FILE)), server: { type: 'node' } }));
    expect(mcpb('validate', broken).status).not.toBe(0);
  });

  it.each([...ALWAYS, ...WHEN_BUILT])('passes mcpb validate narrowed to %s', (tuple) => {
    const manifest = bundleManifest(root, platformOf(tuple));
    const file = path.join(work, `${tuple}.json`);
    writeFileSync(file, JSON.stringify(manifest));
    const run = mcpb('validate', file);
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(manifest).toMatchObject({
      version: pkg.version,
      compatibility: { platforms: [tuple.split('-')[0]] },
      _meta: { [BUNDLE_META_KEY]: { platform: tuple } },
    });
  });

  it('starts the built CLI with node, bound to the workspace the user picks, with the peer as a setting', () => {
    const manifest = readJson(path.join(root, MANIFEST_FILE));
    expect(manifest.server).toMatchObject({ type: 'node', entry_point: pkg.bin['peer-bridge'] });
    expect(manifest.server.mcp_config.command).toBe('node');
    expect(manifest.server.mcp_config.args.slice(0, 2)).toEqual([`\${__dirname}/${pkg.bin['peer-bridge']}`, 'serve']);
    expect(manifest.user_config.workspace).toMatchObject({ type: 'directory', required: true });
    expect(manifest.user_config.runner).toMatchObject({ type: 'string', default: 'codex' });
    // The timeouts default to the bridge's own defaults and stop at its MCP maxima.
    for (const verb of VERBS) {
      expect(manifest.user_config[`${verb}_timeout`]).toMatchObject({
        type: 'number',
        default: DEFAULT_BUDGET_SECONDS[verb],
        min: 1,
        max: MCP_MAX_BUDGET_SECONDS[verb],
      });
    }
    // Every setting the command line or environment uses is declared, and has a default unless required.
    const used = [...JSON.stringify(manifest.server.mcp_config).matchAll(/\$\{user_config\.(\w+)\}/g)].map((m) => m[1]);
    for (const name of used) {
      const setting = manifest.user_config[name!];
      expect(setting, name).toBeDefined();
      expect(setting.required === true || setting.default !== undefined, name).toBe(true);
    }
    expect(manifest.compatibility.runtimes.node).toBe(pkg.engines.node);
  });
});

describe('npm run pack:mcpb with bad input', () => {
  it('names the platforms it can pack', async () => {
    await expect(packBundles(['freebsd-x64'], path.join(work, 'none'))).rejects.toThrow(
      /no bundle for freebsd-x64: choose one of linux-x64, linux-arm64, win32-x64, darwin-x64, darwin-arm64/,
    );
  });

  it('says how to build a missing prebuild, or to leave that platform out, and packs nothing', async (ctx) => {
    const absent = WHEN_BUILT.find((tuple) => !existsSync(path.join(root, 'prebuilds', tuple)));
    if (!absent) return ctx.skip('every darwin prebuild is here (a Mac built them)');
    const out = path.join(work, 'none');
    await expect(packBundles(['linux-x64', absent], out)).rejects.toThrow(
      new RegExp(`no prebuild for ${absent} in prebuilds/: .*npm run pack:mcpb -- --platform <os-cpu>`),
    );
    expect(existsSync(out)).toBe(false);
  });
});

describe('the linux-x64 bundle', () => {
  let unpacked: string;
  beforeAll(async () => {
    const [built] = await packBundles(['linux-x64'], path.join(work, 'out'));
    unpacked = path.join(work, 'unpacked');
    const run = mcpb('unpack', built!.file, unpacked);
    expect(run.status, run.stdout + run.stderr).toBe(0);
  }, 600_000);

  it('holds dist/ with its grammars, the schemas and only the linux-x64 prebuild: no node_modules', () => {
    expect(readdirSync(path.join(unpacked, 'prebuilds'))).toEqual(['linux-x64']);
    // The reaper keeps its executable bit through the zip.
    expect(statSync(path.join(unpacked, 'prebuilds/linux-x64/peer-bridge-reaper')).mode & 0o111).not.toBe(0);
    expect(existsSync(path.join(unpacked, 'dist/cli/main.cjs'))).toBe(true);
    expect(existsSync(path.join(unpacked, 'dist/grammars/tree-sitter-typescript.wasm.br'))).toBe(true);
    expect(existsSync(path.join(unpacked, 'schemas/envelope.schema.json'))).toBe(true);
    // dist/ is self-contained (scripts/build.ts); what only builders, library users or debuggers read stays out.
    expect(readdirSync(unpacked).sort()).toEqual(
      ['LICENSE', 'README.md', 'dist', 'manifest.json', 'package.json', 'prebuilds', 'schemas'].sort(),
    );
    const inDist = readdirSync(path.join(unpacked, 'dist'), { recursive: true }) as string[];
    expect(inDist.filter((file) => /\.(d\.ts|map)$/.test(file))).toEqual([]);
    const inside = mcpb('validate', path.join(unpacked, 'manifest.json'));
    expect(inside.status, inside.stdout + inside.stderr).toBe(0);
  });

  it('deletes a symbol with the bundle own grammars, as an implement peer workbench does', async () => {
    const ws = path.join(work, 'symbol-ws');
    mkdirSync(ws);
    writeFileSync(path.join(ws, 'a.go'), 'package main\n\nfunc keep() {}\n\nfunc drop() int {\n\treturn 1\n}\n');
    // The workbench server the bridge starts for an implement peer: the bundle's CLI, plain node, outside the repository.
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [path.join(unpacked, 'dist/cli/main.cjs'), 'serve', '--surface', 'workbench', '--workspace', ws],
      env: { PATH: path.dirname(process.execPath), HOME: work },
      cwd: work,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'bundle-workbench', version: '1.0.0' });
    await client.connect(transport);
    try {
      const body = async (name: string, args: Record<string, unknown>) => {
        const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
        return JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
      };
      expect(await body('read_file', { path: 'a.go' })).toMatchObject({ ok: true });
      expect(await body('delete_symbol', { path: 'a.go', symbol: 'drop' })).toMatchObject({ ok: true, symbol: 'drop' });
      expect(readFileSync(path.join(ws, 'a.go'), 'utf8')).toBe('package main\n\nfunc keep() {}\n');
    } finally {
      await client.close();
    }
  });

  it('serves initialize, tools/list and bridge_status over stdio with plain node', async () => {
    const steps = await drive(path.join(work, 'run'));
    expect(steps.map((step) => step.name)).toEqual([
      'no node_modules above the bundle',
      'initialize',
      'tools/list',
      'bridge_status',
    ]);
  });

  it('answers a first bridge_advise with the real Codex CLI as the peer (against the Responses double)', async () => {
    const dir = path.join(work, 'first-call');
    mkdirSync(dir);
    const double = await startResponsesDouble([{ kind: 'answer', answer: answer({ verdict: 'parse() is safe.' }) }]);
    try {
      // The Codex executable is the bundle's "Codex executable" setting; the peer's home and key
      // are in the environment the server starts in, as a Codex login would be.
      const { PEER_BRIDGE_CODEX_BIN, ...env } = codexEnv(double.origin, dir);
      const callFile = path.join(dir, 'call.json');
      writeFileSync(
        callFile,
        JSON.stringify({ settings: { codex_bin: PEER_BRIDGE_CODEX_BIN }, env, task: 'Is parse() safe?' }),
      );
      const steps = await drive(path.join(dir, 'run'), callFile);
      expect(steps.at(-1)).toMatchObject({ name: 'bridge_advise', ok: true });
      expect(JSON.parse(steps.at(-1)!.detail)).toMatchObject({ status: 'complete', verdict: 'parse() is safe.' });
      expect(double.requests.length).toBeGreaterThan(0);
    } finally {
      await double.close();
    }
  });

  /**
   * Runs the driver with plain node on the unpacked bundle; returns its steps, all of which passed.
   * Asynchronously: the model double answers from this process meanwhile.
   */
  async function drive(dir: string, callFile?: string): Promise<Array<{ name: string; ok: boolean; detail: string }>> {
    const result = path.join(dir, 'result.json');
    const driver = path.join(root, 'test/distribution/driver/drive-bundle.mjs');
    const run = await execa(
      process.execPath,
      [driver, root, unpacked, path.join(dir, 'ws'), result, ...(callFile ? [callFile] : [])],
      // Plain: none of the test runner's loaders or options reach the driver or the server.
      { env: { PATH: path.dirname(process.execPath), HOME: work }, extendEnv: false, reject: false, timeout: 400_000 },
    );
    expect(existsSync(result), run.stdout + run.stderr).toBe(true);
    const { steps } = readJson(result) as { steps: Array<{ name: string; ok: boolean; detail: string }> };
    expect(
      steps.filter((step) => !step.ok),
      JSON.stringify(steps, null, 2),
    ).toEqual([]);
    expect(run.exitCode).toBe(0);
    return steps;
  }
});
