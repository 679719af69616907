// The advertised tools, served from schemas/mcp-tools.schema.json as written: the input shapes
// under $defs and, for the three verbs, the public envelope schema as outputSchema.
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { harnessSchema, mcpToolsSchema, toolInputSchema, type McpToolName } from '../envelope/index.js';
import type { Verb } from '../runners/types.js';

/** MCP tool name → bridge verb. */
export const VERB_TOOLS: Readonly<Record<string, Verb>> = {
  bridge_implement: 'implement',
  bridge_advise: 'advise',
  bridge_review: 'review',
};

export const STATUS_TOOL = 'bridge_status';

const ORDER: McpToolName[] = ['bridge_implement', 'bridge_advise', 'bridge_review', 'bridge_status'];

const TITLES: Readonly<Record<McpToolName, string>> = {
  bridge_implement: 'Hand an implementation task to a peer agent',
  bridge_advise: 'Ask a peer agent for advice',
  bridge_review: 'Ask a peer agent for an adversarial review',
  bridge_status: 'Bridge status',
};

/** The tools/list answer. Schemas are the file's objects, not copies reshaped by hand. */
export function listTools(): Tool[] {
  const defs = mcpToolsSchema.$defs as Record<string, { description?: string }>;
  return ORDER.map((name): Tool => {
    const inputSchema = toolInputSchema(name) as Tool['inputSchema'];
    const tool: Tool = {
      name,
      title: TITLES[name],
      description: defs[name]?.description ?? name,
      inputSchema,
      annotations: {
        title: TITLES[name],
        readOnlyHint: name !== 'bridge_implement',
        destructiveHint: name === 'bridge_implement',
        openWorldHint: name !== 'bridge_status',
      },
    };
    if (name in VERB_TOOLS) tool.outputSchema = harnessSchema as Tool['outputSchema'];
    return tool;
  });
}
