// The Gemini CLI home a peer runs with: the user's own `~/.gemini` (credentials, accounts,
// extensions, memory) seen through symlinks, with one file of its own, settings.json: the user's
// settings plus what the bridge needs. Gemini CLI has no flag that adds an MCP server for one run,
// and its system settings files count only when root owns them and every folder above them, so the
// runner points GEMINI_CLI_HOME at this folder instead.
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Gemini CLI's own edit tools, by the class names its `tools.exclude` setting also matches. */
export const OWN_EDIT_TOOLS = ['EditTool', 'WriteFileTool'];

// settings.json may hold comments (Gemini CLI strips them): drop // and /* */ outside strings.
export function stripJsonComments(source) {
  let out = '';
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '"') {
      const end = /"(?:[^"\\]|\\.)*"/y;
      end.lastIndex = i;
      const m = end.exec(source);
      const literal = m ? m[0] : source.slice(i);
      out += literal;
      i += literal.length - 1;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && source[i + 1] === '*') {
      const close = source.indexOf('*/', i + 2);
      i = close < 0 ? source.length : close + 1;
    } else out += c;
  }
  return out;
}

const BRIDGE = /peer[-_]?bridge/i;
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The user's Gemini CLI folder, as the CLI finds it (GEMINI_CLI_HOME, else HOME). */
export function userGeminiDir(env) {
  const home = env.GEMINI_CLI_HOME || env.HOME || env.USERPROFILE || '';
  return home ? path.join(home, '.gemini') : null;
}

async function readUserSettings(dir) {
  if (!dir) return {};
  let source;
  try {
    source = await readFile(path.join(dir, 'settings.json'), 'utf8');
  } catch {
    return {};
  }
  const settings = JSON.parse(stripJsonComments(source.replace(/^\uFEFF/, '')) || '{}');
  if (!isObject(settings)) throw new Error(`${path.join(dir, 'settings.json')} is not a JSON object`);
  return settings;
}

/**
 * The settings a peer runs with. The bridge's own MCP server is dropped (its name, command or
 * arguments say peer-bridge), every other stdio server learns the call's depth, and an implement
 * run's workbench is added, trusted (no confirmation), with Gemini CLI's own edit tools excluded.
 */
export function peerSettings(user, { depth, workbench, env, thinking }) {
  const servers = {};
  for (const [name, server] of Object.entries(isObject(user.mcpServers) ? user.mcpServers : {})) {
    if (!isObject(server)) continue;
    const says = [name, server.command, ...(Array.isArray(server.args) ? server.args : [])].join(' ');
    if (BRIDGE.test(says)) continue;
    servers[name] = server.command
      ? { ...server, env: { ...(isObject(server.env) ? server.env : {}), PEER_BRIDGE_DEPTH: String(depth) } }
      : server;
  }
  const tools = isObject(user.tools) ? user.tools : {};
  const general = isObject(user.general) ? user.general : {};
  const security = isObject(user.security) ? user.security : {};
  const auth = isObject(security.auth) ? security.auth : {};
  // With GOOGLE_GEMINI_BASE_URL set and no auth type chosen, Gemini CLI picks its "gateway" auth,
  // which `-p` then refuses ("Invalid auth method selected"): a key in GEMINI_API_KEY means the API key.
  const keyAuth = !auth.selectedType && env.GEMINI_API_KEY && env.GOOGLE_GEMINI_BASE_URL;
  if (workbench) {
    const { name, command, args, env: wbEnv } = workbench;
    servers[name] = { command, args, env: wbEnv, trust: true };
  }
  const models = isObject(user.modelConfigs) ? user.modelConfigs : {};
  const overrides = Array.isArray(models.customOverrides) ? models.customOverrides : [];
  // The call's effort as the model's thinking budget (Gemini CLI has no flag for it).
  const budget = thinking && {
    match: { model: thinking.model },
    modelConfig: { generateContentConfig: { thinkingConfig: { thinkingBudget: thinking.budget } } },
  };
  return {
    ...user,
    mcpServers: servers,
    ...(budget ? { modelConfigs: { ...models, customOverrides: [...overrides, budget] } } : {}),
    ...(workbench ? { tools: { ...tools, exclude: [...(tools.exclude ?? []), ...OWN_EDIT_TOOLS] } } : {}),
    // A peer never updates the CLI under the user's feet.
    general: { ...general, disableAutoUpdate: true, disableUpdateNag: true },
    ...(keyAuth ? { security: { ...security, auth: { ...auth, selectedType: 'gemini-api-key' } } } : {}),
  };
}

/** Builds the home in `dir` (a fresh private folder) and returns it, for GEMINI_CLI_HOME. */
export async function peerHome(dir, options) {
  const user = userGeminiDir(options.env);
  const gemini = path.join(dir, '.gemini');
  await mkdir(gemini, { recursive: true, mode: 0o700 });
  const entries = user ? await readdir(user).catch(() => []) : [];
  for (const entry of entries) {
    if (entry !== 'settings.json') await symlink(path.join(user, entry), path.join(gemini, entry));
  }
  const settings = peerSettings(await readUserSettings(user), options);
  await writeFile(path.join(gemini, 'settings.json'), JSON.stringify(settings, null, 2), { mode: 0o600 });
  return dir;
}
