// The `claude -p` command line for one run.
import type { Effort, Verb } from '../types.js';

export interface ClaudeArgsInput {
  verb: Verb;
  prompt: string;
  schema: unknown;
  model?: string;
  effort?: Effort;
}

/** Efforts the Claude CLI's `--effort` accepts, for every model (the CLI lists no levels per model). */
export const CLAUDE_EFFORTS: Effort[] = ['low', 'medium', 'high', 'xhigh', 'max'];

export function claudeArgs(input: ClaudeArgsInput): string[] {
  return [
    '-p',
    '--output-format', 'stream-json',
    '--verbose',
    '--permission-mode', input.verb === 'implement' ? 'acceptEdits' : 'plan',
    '--json-schema', JSON.stringify(input.schema),
    // No MCP servers at all: the bridge's own tools must be absent in the child.
    '--strict-mcp-config',
    '--mcp-config', '{"mcpServers":{}}',
    '--no-session-persistence',
    ...(input.model ? ['--model', input.model] : []),
    ...(input.effort ? ['--effort', input.effort] : []),
    '--',
    input.prompt,
  ];
}
