// The `codex exec` command line for one run.
import type { Effort, Verb } from '../types.js';

export interface CodexArgsInput {
  verb: Verb;
  prompt: string;
  schemaFile: string;
  model?: string;
  effort?: Effort;
  /** `-c` overrides for the configured MCP servers: the bridge's own off, the depth for the others. */
  serverOverrides: string[];
  /** `-c` overrides that add the peer workbench as an MCP server (implement calls). */
  workbenchMcp?: string[];
}

export function codexArgs(input: CodexArgsInput): string[] {
  const readOnly = input.verb !== 'implement';
  return [
    'exec',
    '--json',
    '--skip-git-repo-check',
    '--color',
    'never',
    '--sandbox',
    readOnly ? 'read-only' : 'workspace-write',
    '--output-schema',
    input.schemaFile,
    ...(readOnly ? ['--ephemeral'] : []),
    ...(input.model ? ['-m', input.model] : []),
    ...(input.effort ? ['-c', `model_reasoning_effort=${input.effort}`] : []),
    ...input.serverOverrides,
    ...(input.workbenchMcp ?? []),
    '--',
    input.prompt,
  ];
}
