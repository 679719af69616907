// The OpenCode plugin gets only what its manifest declares and the user's config grants: the host
// refuses the load when the config grants less, and refuses at spawn time a variable the plugin
// sets but did not declare. No child runs in either case (the refusal comes first).
import { mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRunner, PermissionDenied } from '../../../src/runners/index.js';
import type { RunnerEvent } from '../../../src/runners/index.js';
import { opencodeEnv, opencodeGrant, opencodePlugin } from '../../helpers/opencode.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-opencode-grants-');
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
});
afterEach(() => {
  process.env = saved;
});

function setUp() {
  const dir = realpathSync(tempDir());
  const ws = path.join(dir, 'ws');
  mkdirSync(ws);
  // A port nothing listens on: no test here may reach a model.
  const env = { ...process.env, ...opencodeEnv('http://127.0.0.1:9', dir) };
  return { dir, ws, env };
}

function configFile(dir: string, specifier: string, grant: Record<string, unknown>): string {
  const file = path.join(dir, 'peer-bridge.config.json');
  writeFileSync(file, JSON.stringify({ runners: { [specifier]: { grant } } }));
  return file;
}

describe('grants of the OpenCode runner plugin', () => {
  it('loads when the config grants everything its manifest declares', async () => {
    const { dir, ws, env } = setUp();
    const configPath = configFile(dir, opencodePlugin, await opencodeGrant());
    const runner = await loadRunner(opencodePlugin, { workspace: ws, configPath, env });
    expect(runner).toMatchObject({ id: 'opencode', workbench: true });
  });

  it('is refused at load when the config grants less than the manifest declares, naming what is missing', async () => {
    const { dir, ws, env } = setUp();
    const grant = (await opencodeGrant()) as { env: string[] };
    const configPath = configFile(dir, opencodePlugin, {
      ...grant,
      env: grant.env.filter((n) => n !== 'XDG_DATA_HOME'),
    });
    const error = await loadRunner(opencodePlugin, { workspace: ws, configPath, env }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDenied);
    expect(error).toMatchObject({ code: 'ERR_PERMISSION_DENIED', permission: 'env', value: 'XDG_DATA_HOME' });
  });

  it('refuses a variable the plugin sets for its child but its manifest does not declare', async () => {
    const { dir, ws, env } = setUp();
    // The plugin's own code under a manifest without OPENCODE_*: it still sets OPENCODE_CONFIG_CONTENT.
    const narrowed = path.join(dir, 'narrowed-opencode.mjs');
    writeFileSync(
      narrowed,
      [
        `import plugin from ${JSON.stringify(pathToFileURL(opencodePlugin).href)};`,
        'const permissions = { ...plugin.manifest.permissions, env: plugin.manifest.permissions.env.filter((n) => n !== "OPENCODE_*") };',
        'export default { manifest: { ...plugin.manifest, permissions }, create: plugin.create };',
      ].join('\n'),
    );
    const grant = (await opencodeGrant()) as { env: string[] };
    const configPath = configFile(dir, narrowed, { ...grant, env: grant.env.filter((n) => n !== 'OPENCODE_*') });
    const runner = await loadRunner(narrowed, { workspace: ws, configPath, env });
    const events: RunnerEvent[] = [];
    const run = runner.run({
      verb: 'advise',
      prompt: 'Check.',
      workspace: ws,
      depth: 0,
      signal: new AbortController().signal,
      limits: { maxOutputBytes: 1 << 20, maxLineBytes: 1 << 20 },
      onEvent: (event) => events.push(event),
    });
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDenied);
    expect(error).toMatchObject({ permission: 'env', value: 'OPENCODE_CONFIG_CONTENT' });
    expect(events.filter((e) => e.type === 'session')).toEqual([]);
  });
});
