// A scripted Gemini API (`POST /v1beta/models/<model>:streamGenerateContent?alt=sse`) on 127.0.0.1
// for the real Gemini CLI. Gemini CLI has no structured-output flag in `-p` mode: an `answer` turn
// is the answer's JSON as plain model text, which is what the runner reads.
import type { ServerResponse } from 'node:http';
import { serve, sendJson, type Double } from './serve.js';
import { TurnQueue, type Turn } from './script.js';

/** The model the double says ran (`modelVersion`), unless the request named one. */
export const GEMINI_DOUBLE_MODEL = 'gemini-double-pro';

/** Token counts every streamed turn reports (Gemini's `usageMetadata`). */
export const GEMINI_DOUBLE_USAGE = {
  promptTokenCount: 120,
  candidatesTokenCount: 30,
  cachedContentTokenCount: 20,
  thoughtsTokenCount: 5,
  totalTokenCount: 155,
};

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

function apiError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { code: status, message, status: STATUS_NAMES[status] ?? 'UNKNOWN' } });
}

type Part = { text: string } | { functionCall: { name: string; args: unknown } };

/** The parts of a model turn the script asks for (text, or a function call the CLI then runs). */
function partsOf(turn: Turn): Part[] {
  switch (turn.kind) {
    case 'text':
      return [{ text: turn.text }];
    case 'answer':
      return [{ text: JSON.stringify(turn.answer) }];
    case 'tool':
      return [{ functionCall: { name: 'run_shell_command', args: { command: turn.command } } }];
    case 'call':
      return [{ functionCall: { name: turn.name, args: turn.input } }];
    default:
      return [];
  }
}

// Text that does not repeat itself: Gemini CLI drops a stream of one repeated character as a loop
// and asks again, so a flood of `xxxx` would never reach its output.
function floodText(index: number, size: number): string {
  let text = `${index}:`;
  for (let n = index * 7919 + 1; text.length < size; n = (n * 48271) % 2147483647) text += ` ${n.toString(36)}`;
  return text.slice(0, size);
}

/** The model named in the URL path (`/v1beta/models/<model>:…`). */
function modelOf(url: string): string {
  return /\/models\/([^:/?]+)/.exec(url)?.[1] ?? GEMINI_DOUBLE_MODEL;
}

/**
 * Starts the double. Every `:streamGenerateContent` request (the CLI's main loop) consumes one
 * scripted turn; a plain `:generateContent` (the CLI's side calls: model routing, loop checks) gets
 * an empty JSON object as text and consumes nothing, as does `:countTokens`.
 */
export async function startGeminiDouble(turns: Turn[]): Promise<Double & { queue: TurnQueue }> {
  const queue = new TurnQueue(turns);
  const double = await serve((req, _body, res) => {
    const url = req.url ?? '';
    if (req.method !== 'POST' || !url.startsWith('/v1beta/models/')) {
      apiError(res, 404, `no route for ${req.method} ${url}`);
      return;
    }
    if (url.includes(':countTokens')) {
      sendJson(res, 200, { totalTokens: 10 });
      return;
    }
    if (!url.includes(':streamGenerateContent')) {
      sendJson(res, 200, {
        candidates: [{ content: { role: 'model', parts: [{ text: '{}' }] }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
        modelVersion: modelOf(url),
      });
      return;
    }
    const next = queue.next();
    if (next.kind === 'gate') {
      void next.until.then(() => play(next.then));
      return;
    }
    play(next);
    function play(turn: Turn): void {
      if (turn.kind === 'http_error') {
        apiError(res, turn.status, turn.message ?? 'scripted failure');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      if (turn.kind === 'hang') return;
      const model = modelOf(url);
      const chunk = (parts: Part[], last: boolean) =>
        `data: ${JSON.stringify({
          candidates: [{ content: { role: 'model', parts }, index: 0, ...(last ? { finishReason: 'STOP' } : {}) }],
          ...(last ? { usageMetadata: GEMINI_DOUBLE_USAGE } : {}),
          modelVersion: model,
        })}\r\n\r\n`;
      if (turn.kind === 'flood') {
        if (turn.prelude !== undefined) res.write(chunk([{ text: turn.prelude }], false));
        for (let i = 0; i < turn.count; i++) res.write(chunk([{ text: floodText(i, turn.size) }], false));
        res.end(chunk([{ text: '.' }], true));
        return;
      }
      res.end(chunk(partsOf(turn), true));
    }
  });
  return Object.assign(double, { queue });
}

/** The `:streamGenerateContent` requests the CLI made (its main loop). */
export function mainRequests(double: Double): { url: string; body: GeminiRequest }[] {
  return double.requests
    .filter((r) => r.url.includes(':streamGenerateContent'))
    .map((r) => ({ url: r.url, body: r.body as GeminiRequest }));
}

/** What the tests look at in a Gemini request. */
export interface GeminiRequest {
  contents?: { role?: string; parts?: { text?: string; functionResponse?: { name: string; response: unknown } }[] }[];
  tools?: { functionDeclarations?: { name: string }[] }[];
  generationConfig?: { thinkingConfig?: { thinkingBudget?: number; thinkingLevel?: string } };
}

/** Names of the tools offered to the model in a request. */
export function toolNames(body: GeminiRequest): string[] {
  return (body.tools ?? []).flatMap((t) => (t.functionDeclarations ?? []).map((f) => f.name));
}
