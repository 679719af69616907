// The advertised tools, served from schemas/mcp-tools.schema.json as written: the input shapes
// under $defs and, as outputSchema, the public envelope schema for the three verbs and
// schemas/bridge-status.schema.json for bridge_status.
import { readFileSync } from 'node:fs';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import type { McpToolName } from '../envelope/index.js';
import { schemaPath } from '../package/root.js';
import type { Verb } from '../vocabulary.js';

// Read as plain JSON, not through the compiled validators: listing tools must not wait for ajv.
const readSchema = (file: string) => JSON.parse(readFileSync(schemaPath(file), 'utf8')) as Record<string, unknown>;
let cached:
  | { defs: Record<string, Record<string, unknown>>; harness: Record<string, unknown>; status: Record<string, unknown> }
  | undefined;
function files() {
  cached ??= {
    defs: readSchema('mcp-tools.schema.json').$defs as Record<string, Record<string, unknown>>,
    harness: readSchema('harness-envelope.schema.json'),
    status: readSchema('bridge-status.schema.json'),
  };
  return cached;
}

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
  const { defs, harness, status } = files();
  return ORDER.map((name): Tool => {
    const inputSchema = defs[name] as Tool['inputSchema'];
    if (!inputSchema) throw new Error(`schemas/mcp-tools.schema.json has no $defs.${name}`);
    const tool: Tool = {
      name,
      title: TITLES[name],
      description: typeof inputSchema.description === 'string' ? inputSchema.description : name,
      inputSchema,
      annotations: {
        title: TITLES[name],
        readOnlyHint: name !== 'bridge_implement',
        destructiveHint: name === 'bridge_implement',
        openWorldHint: name !== 'bridge_status',
      },
    };
    tool.outputSchema = (name in VERB_TOOLS ? harness : status) as Tool['outputSchema'];
    return tool;
  });
}
