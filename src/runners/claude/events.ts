// Maps `claude -p --output-format stream-json --verbose` lines (system/init, assistant, user,
// result) to runner events.
import { outputDigest, oneLine, tryParseJson } from '../digest.js';
import { FieldReader, isObject, lookup, MAX_FIELD_CHARS, type Json } from '../fields.js';
import type { RunnerEvent } from '../types.js';

const STRUCTURED_OUTPUT = 'StructuredOutput';
const FILE_TOOLS: Record<string, 'add' | 'update'> = {
  Write: 'update',
  Edit: 'update',
  MultiEdit: 'update',
  NotebookEdit: 'update',
};
// The peer workbench's mutating tools (src/bridge/peer-workbench.ts names the server `workbench`).
const WORKBENCH_EDIT =
  /^mcp__workbench__(write_file|edit_file|multi_edit|notebook_edit|delete_range|delete_symbol|move_file)$/;

/** Stable causes for the `result` line's error subtypes. */
const RESULT_CAUSES: Record<string, string> = {
  error_max_turns: 'max-turns',
  error_during_execution: 'execution-error',
  error_max_budget_usd: 'max-budget',
  error_max_structured_output_retries: 'structured-output-retries',
};

// Tool output as text: a string, or a list of blocks whose `text` fields are joined.
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((c) => (isObject(c) && typeof c.text === 'string' ? c.text : '')).join('');
}

// An entry of `errors` as one line of text, whatever its type.
function errorLine(value: unknown): string {
  const line = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return line.slice(0, MAX_FIELD_CHARS);
}

/**
 * Maps one Claude Code run's lines. Total over any input: a field of the wrong type or size is
 * ignored or clipped (fields.ts) and noted as a non-fatal `odd-field` error event.
 */
export class ClaudeEventMapper {
  sessionId: string | null = null;
  model: string | null = null;
  lastAgentMessage: string | null = null;
  /** Set once the `result` line arrived. */
  done = false;
  private commands = new Map<string, string>();
  private readonly read = new FieldReader('claude');

  map(line: string): RunnerEvent[] {
    if (line.trim() === '') return [];
    const event = tryParseJson(line);
    if (!isObject(event) || typeof event.type !== 'string') return [{ type: 'progress', text: oneLine(line) }];
    const out = this.event(event);
    return [...out, ...this.read.drain()];
  }

  private event(event: Json): RunnerEvent[] {
    switch (event.type) {
      case 'system':
        if (event.subtype === 'init') {
          this.sessionId = this.read.id(event.session_id, 'session_id');
          this.model = this.read.id(event.model, 'model');
          return [{ type: 'session', session_id: this.sessionId, model: this.model }];
        }
        if (event.subtype === 'api_retry') return this.retry(event);
        return [];
      case 'assistant':
        return this.assistant(this.blocks(event));
      case 'user':
        return this.toolResults(this.blocks(event));
      case 'result':
        return this.result(event);
      default:
        return [];
    }
  }

  // A retry without an HTTP status is a connection that failed: the bridge counts those.
  private retry(event: Json): RunnerEvent[] {
    const attempt = `attempt ${this.read.integer(event.attempt, 'attempt') ?? '?'}`;
    const status = this.read.integer(event.error_status, 'error_status');
    if (status !== null) return [{ type: 'progress', text: `retrying the API call after HTTP ${status} (${attempt})` }];
    const error = this.read.text(event.error, 'error', 200);
    const why = error && error !== 'unknown' ? `: ${oneLine(error, 200)}` : '';
    return [
      {
        type: 'error',
        message: `cannot connect to the model API${why}; retrying (${attempt})`,
        fatal: false,
        cause: 'model-unreachable',
      },
    ];
  }

  // The content blocks of a message (a string content holds no blocks).
  private blocks(event: Json): Json[] {
    const content = this.read.object(event.message, 'message')?.content;
    if (typeof content === 'string') return [];
    return this.read.list(content, 'message.content').filter(isObject);
  }

  private assistant(blocks: Json[]): RunnerEvent[] {
    const out: RunnerEvent[] = [];
    for (const block of blocks) {
      if (block.type === 'text') {
        const text = this.read.text(block.text, 'text block');
        if (!text) continue;
        this.lastAgentMessage = text;
        out.push({ type: 'message', text });
      } else if (block.type === 'tool_use') {
        const name = this.read.text(block.name, 'tool_use.name', MAX_FIELD_CHARS);
        if (!name || name === STRUCTURED_OUTPUT) continue;
        const input = this.read.object(block.input, 'tool_use.input') ?? {};
        const id = typeof block.id === 'string' ? block.id : null;
        const command = name === 'Bash' ? this.read.text(input.command, 'Bash command', MAX_FIELD_CHARS) : null;
        const file = lookup(FILE_TOOLS, name)
          ? this.read.text(input.file_path ?? input.notebook_path, `${name} path`, MAX_FIELD_CHARS)
          : WORKBENCH_EDIT.test(name)
            ? this.read.text(input.path, `${name} path`, MAX_FIELD_CHARS)
            : null;
        if (command !== null) {
          if (id) this.commands.set(id, command);
          out.push({
            type: 'command',
            command,
            status: 'in_progress',
            exit_code: null,
            output_bytes: 0,
            output_sha256: null,
          });
        } else if (file !== null) {
          out.push({ type: 'file_change', changes: [{ path: file, kind: lookup(FILE_TOOLS, name) ?? 'update' }] });
        } else {
          out.push({ type: 'progress', text: oneLine(`using ${name}`) });
        }
      }
    }
    return out;
  }

  private toolResults(blocks: Json[]): RunnerEvent[] {
    const out: RunnerEvent[] = [];
    for (const block of blocks) {
      const id = block.type === 'tool_result' && typeof block.tool_use_id === 'string' ? block.tool_use_id : null;
      const command = id === null ? undefined : this.commands.get(id);
      if (command === undefined) continue;
      this.commands.delete(id!);
      // The CLI does not report the exit code in stream-json; is_error says it failed.
      out.push({
        type: 'command',
        command,
        status: block.is_error === true ? 'failed' : 'completed',
        exit_code: null,
        ...outputDigest(contentText(block.content)),
      });
    }
    return out;
  }

  private result(event: Json): RunnerEvent[] {
    this.done = true;
    this.sessionId = this.read.id(event.session_id, 'session_id') ?? this.sessionId;
    const out: RunnerEvent[] = [];
    const tokens = this.read.counters(event.usage, 'usage');
    const cost = this.read.cost(event.total_cost_usd, 'total_cost_usd');
    out.push({ type: 'usage', tokens, cost_usd: cost, cost_source: cost === null ? null : 'reported' });
    const subtype = this.read.text(event.subtype, 'subtype', 100) ?? 'unknown';
    const text = this.read.text(event.result, 'result');
    if (subtype === 'success' && event.is_error !== true) {
      const answer = event.structured_output === undefined ? tryParseJson(text ?? '') : event.structured_output;
      out.push({ type: 'final', answer: answer === undefined ? null : answer, text });
      return out;
    }
    const errors = this.read.list(event.errors, 'errors').map(errorLine);
    const detail = [text, ...errors].filter(Boolean).join('; ');
    if (subtype === 'success') {
      const raw = this.read.integer(event.api_error_status, 'api_error_status');
      const status = raw !== null && raw >= 100 && raw <= 599 ? raw : null;
      out.push({
        type: 'error',
        message: oneLine(
          `the API call failed${status ? ` with HTTP ${status}` : ''}${detail ? `: ${detail}` : ''}`,
          500,
        ),
        fatal: true,
        cause: status ? 'http-error' : 'api-error',
      });
    } else {
      out.push({
        type: 'error',
        message: oneLine(`claude stopped (${subtype})${detail ? `: ${detail}` : ''}`, 500),
        fatal: true,
        cause: lookup(RESULT_CAUSES, subtype) ?? 'execution-error',
      });
    }
    return out;
  }
}
