// doctor's view of Codex's configuration: the files Codex reads for a run in the workspace and
// whether it uses them, what stops it from starting, and what the bridge does with each MCP server,
// its installed plugins' included.
// Codex itself is asked too (`codex mcp list --json` loads the same files), so a file Codex cannot
// load is reported in its own words, and a server list that differs from the bridge's reading shows.
import { execFile } from 'node:child_process';
import os from 'node:os';
import type { CodexConfig, ConfigLayer, McpServerEntry } from '../codex-config/index.js';
import type { Check } from './doctor-check.js';

/** What Codex said when asked to load its configuration in the workspace. */
export interface CodexLoad {
  ok: boolean;
  /** Server names Codex lists; null when it did not load or printed no JSON (an older Codex). */
  servers: string[] | null;
  /** Codex's own error line (when it did not). */
  message: string | null;
}

// Codex prints a headline, then "Caused by:" and the cause (numbered "0:" when there are several,
// the first naming the file, line and column), then a stack trace.
function codexError(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => !line.startsWith('WARNING:'));
  const caused = lines.findIndex((line) => line.trim() === 'Caused by:');
  const cause = caused >= 0 ? lines.slice(caused + 1).find((line) => line.trim()) : undefined;
  const headline = lines.find((line) => /^Error/.test(line));
  return (cause?.replace(/^\s*0:\s*/, '') ?? headline ?? lines.find((line) => line.trim()) ?? 'no message').trim();
}

/** Runs `codex mcp list --json` in `workspace` with the child's environment. */
export function codexLoad(executable: string, env: Record<string, string>, workspace: string): Promise<CodexLoad> {
  return new Promise((resolve) => {
    execFile(
      executable,
      ['mcp', 'list', '--json'],
      { env, cwd: workspace, timeout: 20_000, windowsHide: true, maxBuffer: 4 << 20 },
      (error, stdout, stderr) => {
        if (!error) {
          try {
            const list = JSON.parse(String(stdout)) as { name: string }[];
            resolve({ ok: true, servers: list.map((s) => s.name), message: null });
            return;
          } catch {
            // An older Codex without --json: nothing to compare, but it loaded.
            resolve({ ok: true, servers: null, message: null });
            return;
          }
        }
        resolve({ ok: false, servers: null, message: codexError(String(stderr)) });
      },
    ).stdin?.end();
  });
}

const home = os.homedir();
const tilde = (file: string) => (home && file.startsWith(`${home}/`) ? `~${file.slice(home.length)}` : file);

function describeLayer(layer: ConfigLayer): string {
  const marks = [layer.file.bom ? 'byte-order mark' : '', layer.file.crlf ? 'CRLF' : ''].filter(Boolean);
  const state = layer.used ? 'used' : layer.file.state === 'missing' ? 'no such file' : (layer.note ?? 'not used');
  return `${layer.source} ${tilde(layer.file.path)} (${[state, ...marks].join(', ')})`;
}

// How to fix what stops Codex, by what it is.
function fixFor(problem: string, config: CodexConfig): string {
  if (config.legacyProfile && problem.includes('legacy `profile'))
    return (
      `remove \`profile = "${config.legacyProfile.name}"\` and put the settings you want at the top of ` +
      `${tilde(config.home)}/config.toml (the bridge starts Codex without --profile, so a ` +
      `${config.legacyProfile.name}.config.toml would not reach its child either)`
    );
  if (problem.includes('wire_api = "chat"'))
    return 'set wire_api = "responses" in the provider table (Codex speaks only the Responses API)';
  if (problem.includes('reserved built-in provider'))
    return 'give your provider table another name (e.g. openai-custom) and set model_provider to it';
  if (problem.includes('not found'))
    return (
      `define [model_providers.${config.provider.id}] with its base_url and env_key, ` + 'or choose a built-in provider'
    );
  return 'fix the file at the line named above: every Codex call fails until Codex can load it';
}

/** The files, model and profile, or what stops Codex from starting. */
export function codexConfigCheck(config: CodexConfig, load: CodexLoad | null): Check {
  const name = 'codex-config';
  const files = config.layers.filter((l) => l.source === 'user' || l.file.state !== 'missing').map(describeLayer);
  // Codex's own verdict when it was asked (an older Codex accepts what 0.171 refuses), else the reader's.
  const problem = load ? (load.ok ? null : load.message) : (config.problems[0] ?? null);
  if (problem) return { name, level: 'fail', detail: `Codex cannot start: ${problem}`, fix: fixFor(problem, config) };
  const model = config.model ? `model ${config.model}` : "Codex's default model";
  const profile = config.legacyProfile
    ? `legacy profile "${config.legacyProfile.name}" (as Codex before 0.171 applied it)`
    : 'no profile (the bridge starts Codex without --profile)';
  return { name, level: 'ok', detail: `reads ${files.join('; ')}; ${model}; ${profile}` };
}

// A server's name, with the plugin that brings it.
const label = (server: McpServerEntry) => (server.plugin ? `${server.name} (plugin ${server.plugin})` : server.name);

// The installed plugins: which Codex loads, at which version, and why one brings nothing.
function pluginsPart(config: CodexConfig): { part: string; broken: string[] } {
  const { feature, plugins } = config.plugins;
  if (!feature) return { part: 'plugins off (features.plugins = false)', broken: [] };
  if (plugins.length === 0) return { part: '', broken: [] };
  const loaded = plugins.filter((p) => p.enabled && p.version && !p.problem).map((p) => `${p.id} ${p.version}`);
  const off = plugins.filter((p) => !p.enabled).map((p) => p.id);
  const broken = plugins.filter((p) => p.enabled && p.problem).map((p) => `${p.id}: ${p.problem}`);
  const part = [
    loaded.length ? `plugins loaded: ${loaded.join(', ')}` : '',
    off.length ? `plugins disabled: ${off.join(', ')}` : '',
  ].filter(Boolean);
  return { part: part.join('; '), broken };
}

/** What the bridge does with each MCP server of the configuration and the plugins in its Codex children. */
export function codexServersCheck(config: CodexConfig, load: CodexLoad | null): Check {
  const name = 'codex-mcp';
  const startable = config.servers.filter((s) => s.startable);
  const bridge = startable.filter((s) => s.bridge).map(label);
  const depth = startable.filter((s) => !s.bridge && s.enabled && s.transport === 'stdio').map(label);
  const never = config.servers.filter((s) => !s.startable).map((s) => JSON.stringify(s.name));
  const plugins = pluginsPart(config);
  const parts = [
    bridge.length ? `switched off in the child: ${bridge.join(', ')}` : "no entry of the bridge's own",
    depth.length ? `given PEER_BRIDGE_DEPTH: ${depth.join(', ')}` : '',
    never.length ? `never started by Codex (names outside A-Z a-z 0-9 _ -): ${never.join(', ')}` : '',
    plugins.part,
  ].filter(Boolean);
  const theirs = load?.servers ? [...load.servers].sort() : null;
  const ours = config.servers.map((s) => s.name).sort();
  if (theirs && theirs.join('\n') !== ours.join('\n'))
    return {
      name,
      level: 'warn',
      detail: `Codex lists ${theirs.join(', ')} but the bridge read ${ours.join(', ') || 'none'}`,
      fix: 'report this with your config.toml: the bridge may fail to switch its own server off in the child',
    };
  const detail = `${config.servers.length} MCP server(s); ${parts.join('; ')}`;
  if (plugins.broken.length > 0)
    return {
      name,
      level: 'warn',
      detail: `${detail}; Codex starts no server of ${plugins.broken.join('; ')}`,
      fix: 'install the plugin again (`codex plugin add <plugin>@<marketplace>`) or remove its [plugins."…"] entry',
    };
  return { name, level: 'ok', detail };
}
