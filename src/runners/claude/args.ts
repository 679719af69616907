// The `claude -p` command line for one run.
import type { Effort, PeerWorkbench, Verb } from '../types.js';

export interface ClaudeArgsInput {
  verb: Verb;
  prompt: string;
  schema: unknown;
  model?: string;
  effort?: Effort;
  workbench?: PeerWorkbench;
}

/** Claude Code's own file-editing tools: off when the peer edits through the workbench. */
export const CLAUDE_EDIT_TOOLS = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];

// The only MCP server the child sees: the workbench when it has one, none otherwise (the
// bridge's own tools must be absent in the child either way).
function mcpConfig(workbench: PeerWorkbench | undefined): string {
  if (!workbench) return '{"mcpServers":{}}';
  const { name, command, args, env } = workbench;
  return JSON.stringify({ mcpServers: { [name]: { type: 'stdio', command, args, env } } });
}

/** Efforts the Claude CLI's `--effort` accepts, for every model (the CLI lists no levels per model). */
export const CLAUDE_EFFORTS: Effort[] = ['low', 'medium', 'high', 'xhigh', 'max'];

export function claudeArgs(input: ClaudeArgsInput): string[] {
  return [
    '-p',
    '--output-format',
    'stream-json',
    '--verbose',
    '--permission-mode',
    input.verb === 'implement' ? 'acceptEdits' : 'plan',
    '--json-schema',
    JSON.stringify(input.schema),
    '--strict-mcp-config',
    '--mcp-config',
    mcpConfig(input.workbench),
    // Edits go through the workbench's checks: its tools are allowed, Claude's own are gone.
    ...(input.workbench
      ? ['--disallowedTools', CLAUDE_EDIT_TOOLS.join(','), '--allowedTools', `mcp__${input.workbench.name}`]
      : []),
    '--no-session-persistence',
    ...(input.model ? ['--model', input.model] : []),
    ...(input.effort ? ['--effort', input.effort] : []),
    '--',
    input.prompt,
  ];
}
