// Starts `peer-bridge serve` as a real process and connects the MCP SDK client to it over stdio.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const cliMain = path.join(repoRoot, 'src', 'cli', 'main.ts');
/** The built command, as the package ships it (`npm run build:ts` writes it). */
export const builtCliMain = path.join(repoRoot, 'dist', 'cli', 'main.cjs');
/** tsx's loader by URL, so a child whose cwd is outside the repository still finds it. */
export const tsxLoader = import.meta.resolve('tsx');
/**
 * node's arguments that run the `peer-bridge` command in a test's child process: the built one, as
 * the package ships it (test/global-setup.ts rebuilds dist/ before the run when src/ changed). A
 * process started this way costs a fifth of one through tsx, and the suite starts hundreds.
 */
export const cliArgs: readonly string[] = [builtCliMain];
/** The same from src/ through tsx, for a child that must itself load TypeScript (a .ts runner plugin). */
export const sourceCliArgs: readonly string[] = ['--import', tsxLoader, cliMain];

/** The few variables a server needs, plus `extra`; never the whole parent environment. */
export function baseEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  // PEER_BRIDGE_CACHE_DIR and PEER_BRIDGE_LOCK_DIR: the test run's folders (test/global-setup.ts),
  // not the user's.
  for (const name of [
    'PATH',
    'HOME',
    'TMPDIR',
    'LANG',
    'SYSTEMROOT',
    'PEER_BRIDGE_CACHE_DIR',
    'PEER_BRIDGE_LOCK_DIR',
  ]) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return { ...env, ...extra };
}

export interface Served {
  client: Client;
  transport: StdioClientTransport;
  /** Everything the server wrote to stderr so far. */
  stderr(): string;
  pid(): number | null;
  close(): Promise<void>;
}

/** Whether a command line names a TypeScript file (a runner plugin of test/fixtures), which only tsx can load. */
const loadsTypeScript = (args: readonly string[]) => args.some((arg) => /\.[cm]?ts$/.test(arg));

/** `peer-bridge serve --workspace DIR` (see cliArgs) with the SDK client connected. */
export async function startServer(options: {
  workspace: string;
  env?: Record<string, string>;
  args?: string[];
  clientName?: string;
  /** Serve from src/ through tsx (sourceCliArgs); by default when `args` name a .ts file. */
  source?: boolean;
}): Promise<Served> {
  const main = (options.source ?? loadsTypeScript(options.args ?? [])) ? sourceCliArgs : cliArgs;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...main, 'serve', '--workspace', options.workspace, ...(options.args ?? [])],
    env: baseEnv(options.env),
    cwd: repoRoot,
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const client = new Client({ name: options.clientName ?? 'claude-code', version: '1.0.0' });
  await client.connect(transport);
  // Listing the tools makes the SDK client check every structuredContent against the tool's
  // outputSchema from then on, as a strict client does; without it callTool checks nothing.
  await client.listTools();
  // The bridge answers initialize and tools/list before it has recovered the ledger; a call is
  // served only after. Tests start from a recovered server (its state folder exists), as a client
  // does after its first call.
  if (!(options.args ?? []).includes('workbench')) await client.callTool({ name: 'bridge_status', arguments: {} });
  return {
    client,
    transport,
    stderr: () => stderr,
    pid: () => transport.pid,
    close: () => client.close(),
  };
}
