// The soak's workbench half: CLIENTS MCP clients, each with its own `peer-bridge serve --surface
// workbench` process (a stdio server has one client) on one workspace of FILES files, make M edits
// between them. An edit reads a file and appends one unique line after its last line with
// edit_file and the version it read; on FS_STALE_VERSION (another client got there first) it reads
// again and retries. Afterwards every file must hold its first line and exactly the accepted lines.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startServer, type Served } from '../test/helpers/serve-client.js';
import { pinger, sampler, type Sample } from './soak-probe.js';

const fileName = (f: number) => `soak-${String(f).padStart(2, '0')}.txt`;

async function tool(served: Served, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const result = (await served.client.callTool({ name, arguments: args }, undefined, {
    timeout: 120_000,
  })) as CallToolResult;
  return JSON.parse((result.content[0] as { text: string }).text) as Record<string, unknown>;
}

/** Appends `line` to `file`; returns how many times it found the file changed under it. */
async function appendLine(served: Served, file: string, line: string): Promise<number> {
  for (let stale = 0; ; stale += 1) {
    const read = await tool(served, 'read_file', { path: file });
    if (read.ok !== true) throw new Error(`read_file ${file}: ${JSON.stringify(read)}`);
    const last = String(read.content).trimEnd().split('\n').at(-1)!;
    const edit = await tool(served, 'edit_file', {
      path: file,
      expected_version: read.version,
      old_string: `${last}\n`,
      new_string: `${last}\n${line}\n`,
    });
    if (edit.ok === true) return stale;
    if (edit.code !== 'FS_STALE_VERSION') throw new Error(`edit_file ${file}: ${JSON.stringify(edit)}`);
  }
}

export interface EditsOutcome {
  samples: Sample[];
  accepted: number;
  staleRetries: number;
  files: { checked: number; matching: number; problems: string[] };
}

/** Every file: its first line, then exactly its accepted lines (each once, none other). */
export function checkFiles(workspace: string, files: number, accepted: Map<string, string[]>): EditsOutcome['files'] {
  const problems: string[] = [];
  let matching = 0;
  for (let f = 0; f < files; f += 1) {
    const name = fileName(f);
    const lines = readFileSync(path.join(workspace, name), 'utf8').trimEnd().split('\n');
    const want = [...(accepted.get(name) ?? [])].sort();
    const got = lines.slice(1).sort();
    const same = lines[0] === `# ${name}` && got.length === want.length && got.every((l, i) => l === want[i]);
    if (same) matching += 1;
    else problems.push(`${name}: ${got.length} lines, ${want.length} accepted`);
  }
  return { checked: files, matching, problems };
}

export async function soakEdits(options: {
  workspace: string;
  env: Record<string, string>;
  /** Serve from dist/ (else src/ through tsx). */
  built?: unknown;
  edits: number;
  files: number;
  clients: number;
  every: number;
}): Promise<EditsOutcome> {
  for (let f = 0; f < options.files; f += 1)
    writeFileSync(path.join(options.workspace, fileName(f)), `# ${fileName(f)}\n`);
  const servers: Served[] = [];
  for (let c = 0; c < options.clients; c += 1)
    servers.push(
      await startServer({
        workspace: options.workspace,
        env: options.env,
        args: ['--surface', 'workbench'],
        source: options.built === undefined,
      }),
    );
  const pings = servers.map((s) => pinger(s.client));
  const sample = sampler(
    servers.map((s) => s.pid()!),
    servers.map((s) => s.client),
    pings,
  );
  const taken: Promise<Sample>[] = [];
  let samples: Sample[];
  const accepted = new Map<string, string[]>();
  let next = 0;
  let done = 0;
  let staleRetries = 0;
  try {
    const client = async (served: Served, c: number) => {
      while (next < options.edits) {
        const e = next++;
        // Consecutive edits, taken by different clients, go to one file: they keep meeting there.
        const name = fileName(Math.floor(e / options.clients) % options.files);
        const line = `client ${c} edit ${e}`;
        staleRetries += await appendLine(served, name, line);
        (accepted.get(name) ?? accepted.set(name, []).get(name)!).push(line);
        done += 1;
        if (done % options.every === 0) taken.push(sample(done));
      }
    };
    await Promise.all(servers.map((served, c) => client(served, c)));
    samples = await Promise.all(taken);
  } finally {
    await Promise.all(pings.map((p) => p.stop()));
    await Promise.all(servers.map((s) => s.close()));
  }
  return {
    samples,
    accepted: done,
    staleRetries,
    files: checkFiles(options.workspace, options.files, accepted),
  };
}
