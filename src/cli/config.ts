// `peer-bridge config claude|codex`: prints the registration for this machine, started with this
// Node and this installed copy's absolute path (no npx), or with npx when asked.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parse, UsageError } from './args.js';
import {
  claudeSnippet,
  CODEX_ENV_VARS_FOR_CLAUDE,
  CODEX_ENV_VARS_FOR_CODEX,
  codexSnippet,
  PLUGIN_CLIENTS,
  serveArgs,
  namesSet,
  setVariables,
  type ClaudeScope,
  type Launch,
} from './client-snippets.js';
import { opencodeSnippet } from './config/opencode.js';
import { checkRunnerOption } from './runner-option.js';
import { cliPath } from '../package/root.js';
import { version } from '../package/version.js';
import { hostEnv } from '../settings/env.js';

const USAGE =
  'Usage: peer-bridge config <claude|codex|gemini|opencode> ' +
  '[--scope local|project|user] [--runner NAME] [--npx] [--config FILE]';

export const CONFIG_HELP = `${USAGE}

Prints how to register this bridge with a client, for this machine:
  claude   a \`claude mcp add-json\` command (run it in your project folder)
  codex    a [mcp_servers.peer-bridge] table for ~/.codex/config.toml, whose env_vars also name
           the variables set here that the peer's runner may use
  gemini   an "mcpServers" entry for ~/.gemini/settings.json (or a project's .gemini/settings.json),
           whose env names the same variables (Gemini CLI hides secret-looking ones otherwise)
  opencode an \`mcp\` entry for OpenCode's opencode.json (the project's, or
           ~/.config/opencode/opencode.json)

By default the server is started with this Node and this installed copy's absolute path, so
the client needs neither npx nor a download at start-up. The peer is the other agent: Codex for
Claude Code and OpenCode, Claude Code for Codex.

Options:
      --scope SCOPE  Claude Code scope: local (default; you, this project), project (.mcp.json,
                     shared with the team) or user (you, every project)
      --runner NAME  the peer: codex, claude or a runner plugin specifier
      --npx          start it with npx -y peer-bridge instead (no global install needed)
  -c, --config FILE  runner plugin configuration the server should use
  -h, --help         show this help
  -v, --version      print the version`;

const SCOPES: readonly ClaudeScope[] = ['local', 'project', 'user'];

function launch(npx: boolean, args: string[]): Launch {
  if (npx) return { command: 'npx', args: ['-y', 'peer-bridge', ...args] };
  const main = cliPath();
  if (!existsSync(main))
    throw new UsageError(`${main} is missing: build the package first (npm run build:ts), or pass --npx`);
  return { command: process.execPath, args: [main, ...args] };
}

// The built-in runner's own variable grants, as the runner host will pass them on.
async function runnerPatterns(runner: string): Promise<string[]> {
  if (runner !== 'codex' && runner !== 'claude') return [];
  const mod = (await import(runner === 'codex' ? '../runners/codex/index.js' : '../runners/claude/index.js')) as {
    default: { manifest: { permissions: { env: string[] } } };
  };
  return mod.default.manifest.permissions.env;
}

export async function config(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv, {
    scope: { type: 'string' },
    runner: { type: 'string' },
    npx: { type: 'boolean' },
    config: { type: 'string', short: 'c' },
  });
  if (values.help) return (console.log(CONFIG_HELP), 0);
  if (values.version) return (console.log(version), 0);
  const [client, ...extra] = positionals;
  const plugin = client === undefined ? undefined : PLUGIN_CLIENTS[client];
  if ((client !== 'claude' && client !== 'codex' && client !== 'opencode' && !plugin) || extra.length > 0) {
    const names = ['claude', 'codex', 'opencode', ...Object.keys(PLUGIN_CLIENTS)].map((c) => `peer-bridge config ${c}`);
    throw new UsageError(
      `name one client: ${names.join(', ')}` + (client ? ` (got ${JSON.stringify([client, ...extra].join(' '))})` : ''),
    );
  }
  const runner = values.runner ?? plugin?.peer ?? (client === 'codex' ? 'claude' : 'codex');
  checkRunnerOption(runner, values.config);
  const configFile = values.config ? path.resolve(values.config) : undefined;
  const how = launch(values.npx === true, serveArgs(runner, configFile));
  if (client === 'claude') {
    if (values.scope !== undefined && !SCOPES.includes(values.scope as ClaudeScope)) {
      throw new UsageError(`--scope must be local, project or user, got ${JSON.stringify(values.scope)}`);
    }
    console.log(claudeSnippet(how, (values.scope ?? 'local') as ClaudeScope));
    return 0;
  }
  if (client === 'opencode') {
    if (values.scope !== undefined)
      throw new UsageError('--scope is for claude; OpenCode reads opencode.json in the project or ~/.config/opencode');
    console.log(opencodeSnippet(how));
    return 0;
  }
  if (values.scope !== undefined)
    throw new UsageError(
      `--scope is for claude; ${client} reads its own configuration file (see peer-bridge config --help)`,
    );
  const base = runner === 'codex' ? CODEX_ENV_VARS_FOR_CODEX : CODEX_ENV_VARS_FOR_CLAUDE;
  const here = setVariables([...(await runnerPatterns(runner)), 'PEER_BRIDGE_*'], hostEnv());
  const names = [...new Set([...base, ...here])];
  // A plugin client fills in `$NAME` from its environment: name only what is set here.
  console.log(plugin ? plugin.snippet(how, namesSet(names, hostEnv())) : codexSnippet(how, names));
  return 0;
}
