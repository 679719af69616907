// A scripted OpenAI Chat Completions API (`POST /v1/chat/completions`, SSE) on 127.0.0.1: what the
// real OpenCode CLI calls through an OpenAI-compatible provider (`@ai-sdk/openai-compatible`).
import type { ServerResponse } from 'node:http';
import { serve, sendJson, type Double } from './serve.js';
import { TurnQueue, type Turn } from './script.js';

/** Usage each scripted response reports (OpenCode prices it with the model's `cost` in its config). */
export const CHAT_USAGE = {
  prompt_tokens: 1000,
  completion_tokens: 200,
  total_tokens: 1200,
  prompt_tokens_details: { cached_tokens: 100 },
  completion_tokens_details: { reasoning_tokens: 0 },
};

/** The tool calls a turn plays: `tool` is OpenCode's `bash`, `call` any tool by the name OpenCode gives it. */
function toolCall(turn: Turn): { name: string; args: unknown } | null {
  if (turn.kind === 'tool') return { name: 'bash', args: { command: turn.command, description: 'scripted command' } };
  if (turn.kind === 'call') return { name: turn.name, args: turn.input };
  return null;
}

// One streamed chunk of a chat completion.
function chunk(id: string, delta: unknown, finish: string | null, usage?: unknown): string {
  const body = {
    id,
    object: 'chat.completion.chunk',
    created: 0,
    model: 'double',
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function startStream(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.flushHeaders();
}

function play(turn: Turn, id: string, res: ServerResponse): void {
  if (turn.kind === 'http_error') {
    sendJson(res, turn.status, {
      error: { message: turn.message ?? 'scripted failure', type: turn.errorType ?? 'server_error', code: null },
    });
    return;
  }
  startStream(res);
  if (turn.kind === 'hang') return;
  res.write(chunk(id, { role: 'assistant', content: '' }, null));
  const call = toolCall(turn);
  if (call) {
    const fn = { name: call.name, arguments: JSON.stringify(call.args) };
    res.write(chunk(id, { tool_calls: [{ index: 0, id: `call_${id}`, type: 'function', function: fn }] }, null));
    res.write(chunk(id, {}, 'tool_calls'));
  } else {
    const texts =
      turn.kind === 'text'
        ? [turn.text]
        : turn.kind === 'answer'
          ? [JSON.stringify(turn.answer)]
          : turn.kind === 'flood'
            ? [turn.prelude ?? '', ...Array.from({ length: turn.count }, (_, i) => `${i}:`.padEnd(turn.size, 'x'))]
            : [];
    for (const content of texts) res.write(chunk(id, { content }, null));
    res.write(chunk(id, {}, 'stop'));
  }
  res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', choices: [], usage: CHAT_USAGE })}\n\n`);
  res.end('data: [DONE]\n\n');
}

/** Starts the double; every `POST /v1/chat/completions` consumes one scripted turn. */
export async function startChatDouble(turns: Turn[]): Promise<Double & { queue: TurnQueue }> {
  const queue = new TurnQueue(turns);
  let seq = 0;
  const double = await serve((req, _body, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
      sendJson(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
      return;
    }
    const id = `chatcmpl_${++seq}`;
    const next = queue.next();
    if (next.kind === 'gate') void next.until.then(() => play(next.then, id, res));
    else play(next, id, res);
  });
  return Object.assign(double, { queue });
}
