// Starts an unpacked MCP bundle's server as Claude Desktop would and talks MCP to it over stdio:
// the command line comes from the bundle's manifest.json through @anthropic-ai/mcpb's own
// getMcpConfigForManifest (${__dirname}, user settings and their defaults filled in), and the
// server runs on this very node (plain `node` on Linux, the Windows node.exe under Wine).
// Plain JavaScript with no build step: it runs wherever the bundle does. The MCP client and the
// mcpb library come from the repository's node_modules, never from the bundle under test.
// argv: <repository root> <unpacked bundle> <workspace> <result JSON file> [<call JSON file>]
// The call file, when given, adds a real first bridge call: { settings, env, task } where settings
// are more user settings, env the variables of the environment the server starts in (Claude
// Desktop's own), and task the bridge_advise task.
// Writes { config, steps: [{ name, ok, detail }] } and exits 1 when a step failed.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [repo, bundle, workspace, resultFile, callFile] = process.argv.slice(2);
const firstCall = callFile ? JSON.parse(readFileSync(callFile, 'utf8')) : undefined;
const require = createRequire(path.join(repo, 'package.json'));
const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
const mcpbConfig = pathToFileURL(path.join(repo, 'node_modules/@anthropic-ai/mcpb/dist/shared/config.js')).href;
const { getMcpConfigForManifest } = await import(mcpbConfig);

const steps = [];
async function step(name, fn) {
  try {
    steps.push({ name, ok: true, detail: await fn() });
  } catch (error) {
    steps.push({ name, ok: false, detail: String(error?.stack ?? error) });
  }
}
function expect(condition, message) {
  if (!condition) throw new Error(message);
}

mkdirSync(workspace, { recursive: true });
mkdirSync(path.dirname(resultFile), { recursive: true });
const manifest = JSON.parse(readFileSync(path.join(bundle, 'manifest.json'), 'utf8'));
// The one required setting and one changed timeout; every other setting keeps the manifest's default.
const userConfig = { workspace, advise_timeout: 90, ...firstCall?.settings };
const config = await getMcpConfigForManifest({
  manifest,
  extensionPath: bundle,
  systemDirs: {},
  userConfig,
  pathSeparator: path.sep,
});
let client;

// Node resolves a missing module from any node_modules above the script: none may stand in for
// what the bundle lacks.
await step('no node_modules above the bundle', async () => {
  for (let dir = path.dirname(bundle); dir !== path.dirname(dir); dir = path.dirname(dir))
    expect(!existsSync(path.join(dir, 'node_modules')), `${dir} has a node_modules folder: unpack elsewhere`);
  return path.dirname(bundle);
});

await step('initialize', async () => {
  expect(config?.command === 'node', `the manifest should start "node", got ${JSON.stringify(config)}`);
  const unfilled = JSON.stringify(config).match(/\$\{[^}]+\}/g);
  expect(!unfilled, `placeholders left unfilled: ${unfilled}`);
  client = new Client({ name: 'bundle-driver', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: config.args,
    env: { ...firstCall?.env, ...config.env },
    cwd: path.dirname(resultFile),
    stderr: 'pipe',
  });
  await client.connect(transport);
  const info = client.getServerVersion();
  expect(info?.version === manifest.version, `serverInfo ${JSON.stringify(info)} vs manifest ${manifest.version}`);
  return `${info.name} ${info.version}`;
});

await step('tools/list', async () => {
  const { tools } = await client.listTools();
  const served = tools.map((t) => t.name).sort();
  const declared = manifest.tools.map((t) => t.name).sort();
  expect(JSON.stringify(served) === JSON.stringify(declared), `served ${served} but the manifest declares ${declared}`);
  return served.join(', ');
});

await step('bridge_status', async () => {
  const result = await client.callTool({ name: 'bridge_status', arguments: {} });
  const status = result.structuredContent;
  expect(!result.isError && status, `bridge_status: ${JSON.stringify(result)}`);
  expect(status.default_runner === manifest.user_config.runner.default, `default_runner ${status.default_runner}`);
  expect(path.relative(status.workspace, workspace) === '', `workspace ${status.workspace}, expected ${workspace}`);
  // The timeout settings reach the server (serve --default-timeout).
  const budgets = status.limits.default_budget_seconds;
  const settings = manifest.user_config;
  const expected = {
    implement: settings.implement_timeout.default,
    advise: userConfig.advise_timeout,
    review: settings.review_timeout.default,
  };
  expect(JSON.stringify(budgets) === JSON.stringify(expected), `budgets ${JSON.stringify(budgets)}`);
  // The addon that loaded is the bundle's own prebuild for the platform its manifest names.
  const platform = manifest._meta['io.github.peer-bridge/bundle'].platform;
  const fromPrebuild = path.relative(path.join(bundle, 'prebuilds', platform), status.native.binary ?? '');
  expect(fromPrebuild === 'peer-bridge.node', `loaded ${status.native.binary}, not the bundle's ${platform} prebuild`);
  return JSON.stringify({
    default_runner: status.default_runner,
    budgets,
    workspace: status.workspace,
    native: status.native,
  });
});

if (firstCall) {
  await step('bridge_advise', async () => {
    const result = await client.callTool({ name: 'bridge_advise', arguments: { task: firstCall.task } }, undefined, {
      timeout: 300_000,
    });
    const envelope = result.structuredContent;
    expect(!result.isError && envelope?.status === 'complete', `bridge_advise: ${JSON.stringify(result)}`);
    return JSON.stringify({ status: envelope.status, verdict: envelope.verdict, direction: envelope.direction });
  });
}

await client?.close().catch(() => undefined);
writeFileSync(resultFile, JSON.stringify({ config, steps }, null, 2));
process.exitCode = steps.every((s) => s.ok) ? 0 : 1;
