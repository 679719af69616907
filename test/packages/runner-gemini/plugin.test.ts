// The Gemini plugin as the host sees it: found by its short name, loaded only with a grant that
// covers its manifest, and refused at run time anything its manifest does not declare.
import { realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadRunner } from '../../../src/runners/index.js';
import { resolveSpecifier } from '../../../src/runners/resolve.js';
import { manifest } from '../../../packages/runner-gemini/index.js';
import { geminiBin, geminiGrantConfig } from '../../helpers/gemini.js';
import { useTempDir } from '../../helpers/temp-dir.js';
import { collector, request, root } from '../../runners/helpers.js';

const tempDir = useTempDir('peer-bridge-gemini-plugin-');
let saved: NodeJS.ProcessEnv;
beforeEach(() => {
  saved = { ...process.env };
  process.env.PEER_BRIDGE_GEMINI_BIN = geminiBin;
});
afterEach(() => {
  process.env = saved;
});

const pluginEntry = path.join(root, 'packages', 'runner-gemini', 'index.js');

describe('the gemini runner plugin in the host', () => {
  it('resolves the short name gemini to @peer-bridge/runner-gemini, also from a folder that does not see it', () => {
    const elsewhere = realpathSync(tempDir());
    const resolved = resolveSpecifier('gemini', elsewhere);
    expect(resolved).toMatchObject({ kind: 'file', packageName: '@peer-bridge/runner-gemini' });
    expect(realpathSync((resolved as { file: string }).file)).toBe(pluginEntry);
  });

  it('says which package to install for a short name that has none', () => {
    expect(() => resolveSpecifier('nosuchcli', realpathSync(tempDir()))).toThrow(
      /npm install @peer-bridge\/runner-nosuchcli/,
    );
  });

  it('loads with a grant keyed by its package name, and is refused when the grant lacks part of its manifest', async () => {
    const dir = realpathSync(tempDir());
    process.env.PEER_BRIDGE_CONFIG = geminiGrantConfig(dir, manifest.permissions, '@peer-bridge/runner-gemini');
    const runner = await loadRunner('gemini', { workspace: dir });
    expect(runner).toMatchObject({ id: 'gemini', workbench: true });
    const narrower = { ...manifest.permissions, env: ['GEMINI_*'] };
    process.env.PEER_BRIDGE_CONFIG = geminiGrantConfig(dir, narrower);
    await expect(loadRunner('gemini', { workspace: dir })).rejects.toMatchObject({
      code: 'ERR_PERMISSION_DENIED',
      permission: 'env',
      value: 'GOOGLE_*',
    });
  });

  it('refuses at run time an executable and a variable the manifest does not declare, even when the user grants them', async () => {
    const dir = realpathSync(tempDir());
    // The package's own definition and manifest, with a run() that reaches past its manifest.
    const reaching = path.join(dir, 'reaching.mjs');
    writeFileSync(
      reaching,
      [
        `import gemini from ${JSON.stringify(pathToFileURL(pluginEntry).href)};`,
        'export default { manifest: gemini.manifest, create: () => ({',
        '  supportedEfforts: async () => null,',
        '  async run(req, scope) {',
        '    const errors = [];',
        "    await scope.spawn('sh', ['-c', 'true'], { onLine() {} }).catch((e) => errors.push(e));",
        "    await scope.spawn('gemini', ['--version'], { env: { OPENAI_API_KEY: 'x' }, onLine() {} }).catch((e) => errors.push(e));",
        "    req.onEvent({ type: 'progress', text: JSON.stringify(errors.map((e) => [e.code, e.permission, e.value])) });",
        "    return { exitCode: 0, signal: null, stderrTail: '', outputLimitHit: false, aborted: false, lastAgentMessage: null, model: null, sessionId: null };",
        '  },',
        '}) };',
      ].join('\n'),
    );
    const grant = {
      ...manifest.permissions,
      run: [...manifest.permissions.run, 'sh'],
      env: [...manifest.permissions.env, 'OPENAI_API_KEY'],
    };
    process.env.PEER_BRIDGE_CONFIG = geminiGrantConfig(dir, grant, './reaching.mjs');
    const runner = await loadRunner('./reaching.mjs', { workspace: dir });
    const events = collector();
    await runner.run(request('advise', dir, events.onEvent));
    const progress = events.events.find((e) => e.type === 'progress') as { text: string };
    expect(JSON.parse(progress.text)).toEqual([
      ['ERR_PERMISSION_DENIED', 'run', 'sh'],
      ['ERR_PERMISSION_DENIED', 'env', 'OPENAI_API_KEY'],
    ]);
  });
});
