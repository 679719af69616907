// A scripted OpenAI Responses model for Codex acting as the MCP *client*: it finds the MCP tool
// whose name ends with `toolSuffix` (offered directly, or through Codex's client-side tool search,
// which is how Codex 0.171 exposes MCP tools), calls it, then answers with text quoting its output.
import { serve, sendJson, sse, type Double } from '../doubles/serve.js';

interface ResponsesBody {
  tools?: { type?: string; name?: string }[];
  input?: { type?: string; output?: unknown; call_id?: string }[];
}

/** The output of the last function call in a request, or null when there is none yet. */
export function lastFunctionOutput(body: unknown): string | null {
  const items = (body as ResponsesBody | null)?.input ?? [];
  for (const item of [...items].reverse()) {
    if (item.type !== 'function_call_output') continue;
    const output = item.output;
    if (typeof output === 'string') return output;
    if (Array.isArray(output)) return output.map((part: { text?: string }) => part.text ?? '').join('');
    return JSON.stringify(output);
  }
  return null;
}

interface SearchedTool {
  type?: string;
  name?: string;
  tools?: SearchedTool[];
}

/** The tool a client-side tool search returned (name and namespace), or null. */
export function searchedTool(body: unknown, suffix: string): { name: string; namespace?: string } | null {
  const items = ((body as { input?: { type?: string; tools?: SearchedTool[] }[] } | null)?.input ?? []).filter(
    (i) => i.type === 'tool_search_output',
  );
  for (const item of items) {
    for (const entry of item.tools ?? []) {
      if (entry.type === 'namespace') {
        const inner = entry.tools?.find((t) => t.name?.endsWith(suffix));
        if (inner?.name && entry.name) return { name: inner.name, namespace: entry.name };
      } else if (entry.name?.endsWith(suffix)) return { name: entry.name };
    }
  }
  return null;
}

/** Names of the tools Codex offered in a request. */
export function offeredTools(body: unknown): string[] {
  return ((body as ResponsesBody | null)?.tools ?? []).map((tool) => tool.name ?? '').filter(Boolean);
}

export async function startToolCallingResponses(toolSuffix: string, args: Record<string, unknown>): Promise<Double> {
  let seq = 0;
  return serve((req, body, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/responses')) {
      sendJson(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
      return;
    }
    const id = `resp_e2e_${++seq}`;
    const output = lastFunctionOutput(body);
    const tool = offeredTools(body).find((name) => name.endsWith(toolSuffix));
    const send = sse(res);
    send('response.created', { type: 'response.created', response: { id, status: 'in_progress' } });
    const found = tool ? { name: tool } : searchedTool(body, toolSuffix);
    const searched = (body as ResponsesBody).input?.some((i) => i.type === 'tool_search_output');
    const item =
      output === null && !found && !searched
        ? // Codex defers MCP tools behind its client-side tool search: look the tool up first.
          {
            type: 'tool_search_call',
            id: `ts_${id}`,
            call_id: `call_ts_${id}`,
            execution: 'client',
            status: 'completed',
            arguments: { query: toolSuffix },
          }
        : output === null && found
          ? {
              type: 'function_call',
              id: `fc_${id}`,
              call_id: `call_${id}`,
              ...found,
              arguments: JSON.stringify(args),
              status: 'completed',
            }
          : {
              type: 'message',
              role: 'assistant',
              id: `msg_${id}`,
              status: 'completed',
              content: [
                {
                  type: 'output_text',
                  text:
                    output === null
                      ? `no tool ending in ${toolSuffix} was offered`
                      : `The peer answered: ${output.slice(0, 2000)}`,
                  annotations: [],
                },
              ],
            };
    send('response.output_item.done', { type: 'response.output_item.done', output_index: 0, item });
    send('response.completed', {
      type: 'response.completed',
      response: {
        id,
        status: 'completed',
        output: [],
        usage: {
          input_tokens: 50,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: 10,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: 60,
        },
      },
    });
    res.end();
  });
}
