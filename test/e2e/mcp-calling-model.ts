// A scripted Anthropic Messages model for Claude Code acting as the MCP *client*: it calls one MCP
// tool, then answers with text quoting the tool's result. Stateless: it decides from the request.
// Like a real model, it follows Claude Code's advice when the server is still connecting: it calls
// WaitForMcpServers, then the tool again (see nextStep).
import { serve, sse, type Double } from '../doubles/serve.js';

interface Block {
  type: string;
  id?: string;
  name?: string;
  tool_use_id?: string;
  content?: string | { type: string; text?: string }[];
}
interface MessagesBody {
  model?: string;
  tools?: { name: string }[];
  messages?: { role: string; content: string | Block[] }[];
}

/** The text of the last tool_result in a request, or null when there is none yet. */
export function lastToolResult(body: unknown): string | null {
  const messages = (body as MessagesBody | null)?.messages ?? [];
  for (const message of [...messages].reverse()) {
    if (typeof message.content === 'string') continue;
    for (const block of [...message.content].reverse()) {
      if (block.type !== 'tool_result') continue;
      if (typeof block.content === 'string') return block.content;
      return (block.content ?? []).map((part) => part.text ?? '').join('');
    }
  }
  return null;
}

/** The names of the tools the model called so far, in order. */
export function toolCalls(body: unknown): string[] {
  return ((body as MessagesBody | null)?.messages ?? [])
    .flatMap((m) => (typeof m.content === 'string' ? [] : m.content))
    .flatMap((b) => (b.type === 'tool_use' && b.name ? [b.name] : []));
}

/** The name of the tool whose result came last, or null. */
function lastResultTool(body: unknown): string | null {
  const blocks = ((body as MessagesBody | null)?.messages ?? []).flatMap((m) =>
    typeof m.content === 'string' ? [] : m.content,
  );
  const result = [...blocks].reverse().find((b) => b.type === 'tool_result');
  return blocks.find((b) => b.type === 'tool_use' && b.id === result?.tool_use_id)?.name ?? null;
}

const WAIT_TOOL = 'WaitForMcpServers';

/** The names of the tools Claude Code offers in this request. */
function offered(body: unknown): string[] {
  return ((body as MessagesBody | null)?.tools ?? []).map((t) => t.name);
}

/**
 * What the scripted model does next: call `tool`, wait for servers, or answer and end its turn.
 * It calls the tool first; told the server is still connecting, it waits, then calls again. If the
 * server connected while the call was on its way, Claude Code answers "No such tool available" and
 * offers the tool from the next request on; the model then calls it again, as a real model does
 * once the tool is in its list.
 */
function nextStep(body: unknown, tool: string, follow?: Follow): 'tool' | 'wait' | 'follow' | 'answer' {
  const result = lastToolResult(body);
  if (result === null || lastResultTool(body) === WAIT_TOOL) return 'tool';
  if (result.includes('still connecting')) return 'wait';
  if (result.includes('No such tool available') && offered(body).includes(tool)) return 'tool';
  if (follow && lastResultTool(body) === tool && follow(result) !== null) return 'follow';
  return 'answer';
}

/** What the model calls `tool` with next, given the tool's last result; null to answer instead. */
export type Follow = (result: string) => Record<string, unknown> | null;

/** True for a request the model answers by ending its turn, when `done` does not hold for it. */
export function turnEndedWithout(body: unknown, tool: string, done: (body: unknown) => boolean): boolean {
  return nextStep(body, tool) === 'answer' && !done(body);
}

/**
 * Starts the model. With `follow`, it calls `tool` again after each of its results for which
 * `follow` gives the next input (a reader paging through a file, say), and answers after the first
 * one for which it gives null.
 */
export async function startToolCallingModel(
  tool: string,
  input: Record<string, unknown>,
  follow?: Follow,
): Promise<Double> {
  let seq = 0;
  return serve((req, body, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'not found' } }));
      return;
    }
    const id = `msg_e2e_${++seq}`;
    const send = sse(res);
    send('message_start', {
      type: 'message_start',
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model: (body as MessagesBody).model ?? 'claude-double',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 50, output_tokens: 1 },
      },
    });
    const result = lastToolResult(body);
    const next = nextStep(body, tool, follow);
    const call =
      next === 'tool'
        ? { name: tool, input }
        : next === 'follow'
          ? { name: tool, input: follow!(result!) }
          : next === 'wait'
            ? { name: WAIT_TOOL, input: {} }
            : null;
    let stop = 'end_turn';
    if (call) {
      send('content_block_start', {
        type: 'content_block_start',
        index: 0,
        content_block: { type: 'tool_use', id: `toolu_${id}`, name: call.name, input: {} },
      });
      send('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(call.input) },
      });
      stop = 'tool_use';
    } else {
      send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
      send('content_block_delta', {
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'text_delta', text: `The peer answered: ${(result ?? '').slice(0, 2000)}` },
      });
    }
    send('content_block_stop', { type: 'content_block_stop', index: 0 });
    send('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stop, stop_sequence: null },
      usage: { output_tokens: 20 },
    });
    send('message_stop', { type: 'message_stop' });
    res.end();
  });
}
