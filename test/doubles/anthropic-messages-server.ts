// A scripted Anthropic Messages API (`POST /v1/messages`, SSE) on 127.0.0.1 for the real Claude Code CLI.
import type { ServerResponse } from 'node:http';
import { serve, sendJson, sse, type Double } from './serve.js';
import { strictSubsetViolation } from './strict-schema.js';
import { TurnQueue, type Turn } from './script.js';

/** The tool Claude Code adds for `--json-schema`; its input schema is the structured-output schema. */
export const STRUCTURED_OUTPUT_TOOL = 'StructuredOutput';

interface MessagesRequest {
  model?: string;
  tools?: { name?: string; input_schema?: unknown }[];
  output_config?: { effort?: string };
  stream?: boolean;
}

function apiError(res: ServerResponse, status: number, type: string, message: string): void {
  sendJson(res, status, { type: 'error', error: { type, message } });
}

/** Starts the double; every main-loop `POST /v1/messages` consumes one scripted turn. */
export async function startMessagesDouble(turns: Turn[]): Promise<Double & { queue: TurnQueue }> {
  const queue = new TurnQueue(turns);
  let seq = 0;
  const double = await serve((req, body, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/messages')) {
      apiError(res, 404, 'not_found_error', 'not found');
      return;
    }
    const request = (body ?? {}) as MessagesRequest;
    const structured = request.tools?.find((t) => t.name === STRUCTURED_OUTPUT_TOOL);
    if (structured) {
      const bad = strictSubsetViolation(structured.input_schema);
      if (bad) {
        apiError(res, 400, 'invalid_request_error', `tools.${STRUCTURED_OUTPUT_TOOL}.input_schema: ${bad}`);
        return;
      }
    }
    const next = queue.next();
    if (next.kind === 'gate') {
      void next.until.then(() => play(next.then));
      return;
    }
    play(next);
    function play(turn: Turn): void {
      const id = `msg_${++seq}`;
      if (turn.kind === 'http_error') {
        apiError(res, turn.status, turn.errorType ?? 'api_error', turn.message ?? 'scripted failure');
        return;
      }
      const send = sse(res);
      send('message_start', {
        type: 'message_start',
        message: {
          id,
          type: 'message',
          role: 'assistant',
          model: request.model ?? 'claude-double',
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: 100, cache_creation_input_tokens: 0, cache_read_input_tokens: 20, output_tokens: 1 },
        },
      });
      if (turn.kind === 'hang') return;
      let index = 0;
      const text = (t: string) => {
        send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
        send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: t } });
        send('content_block_stop', { type: 'content_block_stop', index: index++ });
      };
      const toolUse = (name: string, input: unknown) => {
        send('content_block_start', {
          type: 'content_block_start',
          index,
          content_block: { type: 'tool_use', id: `toolu_${id}_${index}`, name, input: {} },
        });
        send('content_block_delta', {
          type: 'content_block_delta',
          index,
          delta: { type: 'input_json_delta', partial_json: JSON.stringify(input) },
        });
        send('content_block_stop', { type: 'content_block_stop', index: index++ });
      };
      let stop = 'end_turn';
      switch (turn.kind) {
        case 'text':
          text(turn.text);
          break;
        case 'answer':
          toolUse(STRUCTURED_OUTPUT_TOOL, turn.answer);
          stop = 'tool_use';
          break;
        case 'tool':
          toolUse('Bash', { command: turn.command, description: 'scripted command' });
          stop = 'tool_use';
          break;
        case 'call':
          toolUse(turn.name, turn.input);
          stop = 'tool_use';
          break;
        case 'flood':
          if (turn.prelude !== undefined) text(turn.prelude);
          for (let i = 0; i < turn.count; i++) text(`${i}:`.padEnd(turn.size, 'x'));
          break;
      }
      send('message_delta', {
        type: 'message_delta',
        delta: { stop_reason: stop, stop_sequence: null },
        usage: { output_tokens: 30 },
      });
      send('message_stop', { type: 'message_stop' });
      res.end();
    }
  });
  return Object.assign(double, { queue });
}
