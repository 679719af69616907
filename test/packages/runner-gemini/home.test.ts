// The private Gemini CLI home a peer runs with: the user's ~/.gemini seen through links, and a
// settings.json of its own built from the user's (comments and all).
import { lstatSync, mkdirSync, readFileSync, readlinkSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWN_EDIT_TOOLS, peerHome, peerSettings, stripJsonComments } from '../../../packages/runner-gemini/home.js';
import { useTempDir } from '../../helpers/temp-dir.js';

const tempDir = useTempDir('peer-bridge-gemini-home-');
const workbench = { name: 'workbench', command: '/usr/bin/node', args: ['main.cjs', 'serve'], env: { A: '1' } };

describe('the peer home for Gemini CLI', () => {
  it('strips comments but not comment-like text inside strings', () => {
    const source = '{\n  // a comment\n  "url": "http://x//y", /* block */ "n": "a/*b*/"\n}';
    expect(JSON.parse(stripJsonComments(source))).toEqual({ url: 'http://x//y', n: 'a/*b*/' });
  });

  it("drops the bridge's own MCP server, gives the others the depth, and adds the workbench with edits off", () => {
    const user = {
      mcpServers: {
        'peer-bridge': { command: 'npx', args: ['-y', 'peer-bridge', 'serve'] },
        wrapped: { command: '/opt/bin/peer_bridge_wrapper' },
        search: { command: 'search-mcp', env: { KEY: 'k' } },
        remote: { httpUrl: 'https://example.test/mcp' },
      },
      tools: { exclude: ['web_fetch'] },
      ui: { theme: 'dark' },
    };
    const settings = peerSettings(user, { depth: 2, workbench, env: {} });
    expect(Object.keys(settings.mcpServers).sort()).toEqual(['remote', 'search', 'workbench']);
    expect(settings.mcpServers.search.env).toEqual({ KEY: 'k', PEER_BRIDGE_DEPTH: '2' });
    expect(settings.mcpServers.remote).toEqual({ httpUrl: 'https://example.test/mcp' });
    expect(settings.mcpServers.workbench).toMatchObject({ command: '/usr/bin/node', trust: true, env: { A: '1' } });
    expect(settings.tools.exclude).toEqual(['web_fetch', ...OWN_EDIT_TOOLS]);
    expect(settings.ui).toEqual({ theme: 'dark' });
    expect(settings.general).toMatchObject({ disableAutoUpdate: true });
  });

  it("adds the call's thinking budget for its model after the user's own overrides", () => {
    const mine = { match: { model: 'x' }, modelConfig: {} };
    const settings = peerSettings(
      { modelConfigs: { customOverrides: [mine] } },
      { depth: 1, env: {}, thinking: { model: 'gemini-2.5-pro', budget: 1024 } },
    );
    expect(settings.modelConfigs.customOverrides).toEqual([
      mine,
      {
        match: { model: 'gemini-2.5-pro' },
        modelConfig: { generateContentConfig: { thinkingConfig: { thinkingBudget: 1024 } } },
      },
    ]);
    expect(peerSettings({}, { depth: 1, env: {} }).modelConfigs).toBeUndefined();
  });

  it('chooses API-key auth only for a base URL with a key and no auth type of the user', () => {
    const env = { GEMINI_API_KEY: 'k', GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:1' };
    expect(peerSettings({}, { depth: 1, env }).security).toEqual({ auth: { selectedType: 'gemini-api-key' } });
    const oauth = { security: { auth: { selectedType: 'oauth-personal' } } };
    expect(peerSettings(oauth, { depth: 1, env }).security).toEqual(oauth.security);
    expect(peerSettings({}, { depth: 1, env: { GEMINI_API_KEY: 'k' } }).security).toBeUndefined();
  });

  it("links every entry of the user's ~/.gemini but settings.json, which it writes", async () => {
    const dir = realpathSync(tempDir());
    const user = path.join(dir, 'user', '.gemini');
    mkdirSync(user, { recursive: true });
    writeFileSync(path.join(user, 'oauth_creds.json'), '{}');
    writeFileSync(path.join(user, 'settings.json'), '// mine\n{ "ui": { "theme": "dark" } }');
    const home = await peerHome(path.join(dir, 'peer'), { depth: 1, env: { HOME: path.join(dir, 'user') } });
    const gemini = path.join(home, '.gemini');
    expect(lstatSync(path.join(gemini, 'oauth_creds.json')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(path.join(gemini, 'oauth_creds.json'))).toBe(path.join(user, 'oauth_creds.json'));
    expect(lstatSync(path.join(gemini, 'settings.json')).isSymbolicLink()).toBe(false);
    expect(JSON.parse(readFileSync(path.join(gemini, 'settings.json'), 'utf8'))).toMatchObject({
      ui: { theme: 'dark' },
    });
  });
});
