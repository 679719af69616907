// A scripted OpenAI Responses API (`POST /v1/responses`, SSE) on 127.0.0.1 for the real Codex CLI.
import { serve, sendJson, sse, type Double } from './serve.js';
import { strictSubsetViolation } from './strict-schema.js';
import { TurnQueue, type Turn } from './script.js';

export interface ResponsesDoubleOptions {
  /** `reasoning.effort` values the "model" rejects with HTTP 400, as the real API does. */
  rejectEfforts?: string[];
}

const USAGE = {
  input_tokens: 100,
  input_tokens_details: { cached_tokens: 20 },
  output_tokens: 30,
  output_tokens_details: { reasoning_tokens: 5 },
  total_tokens: 130,
};

function invalid(message: string, param: string, code: string) {
  return { error: { message, type: 'invalid_request_error', param, code } };
}

/** Starts the double; every `POST /v1/responses` consumes one scripted turn. */
export async function startResponsesDouble(
  turns: Turn[],
  options: ResponsesDoubleOptions = {},
): Promise<Double & { queue: TurnQueue }> {
  const queue = new TurnQueue(turns);
  let seq = 0;
  const double = await serve((req, body, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/responses')) {
      sendJson(res, 404, { error: { message: 'not found', type: 'invalid_request_error' } });
      return;
    }
    const request = (body ?? {}) as {
      text?: { format?: { type?: string; name?: string; schema?: unknown } };
      reasoning?: { effort?: string };
    };
    const format = request.text?.format;
    if (format?.type === 'json_schema') {
      const bad = strictSubsetViolation(format.schema);
      if (bad) {
        sendJson(
          res,
          400,
          invalid(
            `Invalid schema for response_format '${format.name ?? 'output'}': ${bad}.`,
            'text.format.schema',
            'invalid_json_schema',
          ),
        );
        return;
      }
    }
    const effort = request.reasoning?.effort;
    if (effort && options.rejectEfforts?.includes(effort)) {
      sendJson(
        res,
        400,
        invalid(
          `Unsupported value: 'reasoning.effort' does not support '${effort}' with this model.`,
          'reasoning.effort',
          'unsupported_value',
        ),
      );
      return;
    }
    const next = queue.next();
    if (next.kind === 'gate') {
      void next.until.then(() => play(next.then));
      return;
    }
    play(next);
    function play(turn: Turn): void {
      const id = `resp_${++seq}`;
      if (turn.kind === 'http_error') {
        sendJson(res, turn.status, {
          error: {
            message: turn.message ?? 'scripted failure',
            type: turn.errorType ?? 'server_error',
            param: null,
            code: null,
          },
        });
        return;
      }
      const send = sse(res);
      send('response.created', { type: 'response.created', response: { id, status: 'in_progress' } });
      if (turn.kind === 'hang') return;
      const items: unknown[] = [];
      const message = (text: string) => ({
        type: 'message',
        role: 'assistant',
        id: `msg_${id}_${items.length}`,
        status: 'completed',
        content: [{ type: 'output_text', text, annotations: [] }],
      });
      switch (turn.kind) {
        case 'text':
          items.push(message(turn.text));
          break;
        case 'answer':
          items.push(message(JSON.stringify(turn.answer)));
          break;
        case 'tool':
          items.push({
            type: 'function_call',
            id: `fc_${id}`,
            call_id: `call_${id}`,
            name: 'exec_command',
            arguments: JSON.stringify({ cmd: turn.command }),
            status: 'completed',
          });
          break;
        case 'call':
          items.push({
            type: 'function_call',
            id: `fc_${id}`,
            call_id: `call_${id}`,
            name: turn.name,
            ...(turn.namespace !== undefined ? { namespace: turn.namespace } : {}),
            arguments: JSON.stringify(turn.input),
            status: 'completed',
          });
          break;
        case 'tool_search':
          items.push({
            type: 'tool_search_call',
            id: `ts_${id}`,
            call_id: `call_${id}`,
            execution: 'client',
            arguments: { query: turn.query, ...(turn.limit !== undefined ? { limit: turn.limit } : {}) },
            status: 'completed',
          });
          break;
        case 'flood':
          if (turn.prelude !== undefined) items.push(message(turn.prelude));
          for (let i = 0; i < turn.count; i++) items.push(message(`${i}:`.padEnd(turn.size, 'x')));
          break;
      }
      items.forEach((item, output_index) =>
        send('response.output_item.done', { type: 'response.output_item.done', output_index, item }),
      );
      send('response.completed', {
        type: 'response.completed',
        response: { id, status: 'completed', output: [], usage: USAGE },
      });
      res.end();
    }
  });
  return Object.assign(double, { queue });
}
