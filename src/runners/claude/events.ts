// Maps `claude -p --output-format stream-json --verbose` lines (system/init, assistant, user,
// result) to runner events.
import { outputDigest, oneLine, tryParseJson } from '../digest.js';
import type { RunnerEvent } from '../types.js';

const STRUCTURED_OUTPUT = 'StructuredOutput';
const FILE_TOOLS: Record<string, 'add' | 'update'> = { Write: 'update', Edit: 'update', MultiEdit: 'update', NotebookEdit: 'update' };

interface Block {
  type?: string;
  text?: string;
  id?: string;
  name?: string;
  input?: Record<string, unknown>;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
}

interface ClaudeLine {
  type?: string;
  subtype?: string;
  session_id?: string;
  model?: string;
  message?: { content?: Block[] | string };
  is_error?: boolean;
  result?: string;
  structured_output?: unknown;
  total_cost_usd?: number;
  usage?: Record<string, unknown>;
  errors?: unknown[];
  api_error_status?: number | null;
  num_turns?: number;
  attempt?: number;
  error?: unknown;
  error_status?: unknown;
}

/** Stable causes for the `result` line's error subtypes. */
const RESULT_CAUSES: Record<string, string> = {
  error_max_turns: 'max-turns',
  error_during_execution: 'execution-error',
  error_max_budget_usd: 'max-budget',
  error_max_structured_output_retries: 'structured-output-retries',
};

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c) => (typeof c === 'object' && c && 'text' in c ? String((c as { text: unknown }).text) : '')).join('');
  return '';
}

export class ClaudeEventMapper {
  sessionId: string | null = null;
  model: string | null = null;
  lastAgentMessage: string | null = null;
  /** Set once the `result` line arrived. */
  done = false;
  private commands = new Map<string, string>();

  map(line: string): RunnerEvent[] {
    if (line.trim() === '') return [];
    const event = tryParseJson(line) as ClaudeLine | undefined;
    if (!event || typeof event !== 'object' || typeof event.type !== 'string') return [{ type: 'progress', text: oneLine(line) }];
    switch (event.type) {
      case 'system':
        if (event.subtype === 'init') {
          this.sessionId = event.session_id ?? null;
          this.model = event.model ?? null;
          return [{ type: 'session', session_id: this.sessionId, model: this.model }];
        }
        if (event.subtype === 'api_retry') return this.retry(event);
        return [];
      case 'assistant':
        return this.assistant(Array.isArray(event.message?.content) ? event.message.content : []);
      case 'user':
        return this.toolResults(Array.isArray(event.message?.content) ? event.message.content : []);
      case 'result':
        return this.result(event);
      default:
        return [];
    }
  }

  // A retry without an HTTP status is a connection that failed: the bridge counts those.
  private retry(event: ClaudeLine): RunnerEvent[] {
    const attempt = `attempt ${typeof event.attempt === 'number' ? event.attempt : '?'}`;
    if (event.error_status !== null && event.error_status !== undefined) {
      return [{ type: 'progress', text: `retrying the API call after HTTP ${String(event.error_status)} (${attempt})` }];
    }
    const why = typeof event.error === 'string' && event.error !== 'unknown' ? `: ${oneLine(event.error, 200)}` : '';
    return [{ type: 'error', message: `cannot connect to the model API${why}; retrying (${attempt})`, fatal: false, cause: 'model-unreachable' }];
  }

  private assistant(blocks: Block[]): RunnerEvent[] {
    const out: RunnerEvent[] = [];
    for (const block of blocks) {
      if (block.type === 'text' && block.text) {
        this.lastAgentMessage = block.text;
        out.push({ type: 'message', text: block.text });
      } else if (block.type === 'tool_use' && block.name && block.name !== STRUCTURED_OUTPUT) {
        const input = block.input ?? {};
        if (block.name === 'Bash' && typeof input.command === 'string') {
          if (block.id) this.commands.set(block.id, input.command);
          out.push({ type: 'command', command: input.command, status: 'in_progress', exit_code: null, output_bytes: 0, output_sha256: null });
        } else if (FILE_TOOLS[block.name] && typeof (input.file_path ?? input.notebook_path) === 'string') {
          out.push({ type: 'file_change', changes: [{ path: String(input.file_path ?? input.notebook_path), kind: FILE_TOOLS[block.name]! }] });
        } else {
          out.push({ type: 'progress', text: oneLine(`using ${block.name}`) });
        }
      }
    }
    return out;
  }

  private toolResults(blocks: Block[]): RunnerEvent[] {
    const out: RunnerEvent[] = [];
    for (const block of blocks) {
      const command = block.type === 'tool_result' && block.tool_use_id ? this.commands.get(block.tool_use_id) : undefined;
      if (command === undefined) continue;
      this.commands.delete(block.tool_use_id!);
      // The CLI does not report the exit code in stream-json; is_error says it failed.
      out.push({ type: 'command', command, status: block.is_error ? 'failed' : 'completed', exit_code: null, ...outputDigest(text(block.content)) });
    }
    return out;
  }

  private result(event: ClaudeLine): RunnerEvent[] {
    this.done = true;
    if (event.session_id) this.sessionId = event.session_id;
    const out: RunnerEvent[] = [];
    const tokens: Record<string, number> = {};
    for (const [key, value] of Object.entries(event.usage ?? {})) if (typeof value === 'number') tokens[key] = value;
    const cost = typeof event.total_cost_usd === 'number' ? event.total_cost_usd : null;
    out.push({ type: 'usage', tokens, cost_usd: cost, cost_source: cost === null ? null : 'reported' });
    const subtype = event.subtype ?? 'unknown';
    if (subtype === 'success' && !event.is_error) {
      const answer = event.structured_output === undefined ? tryParseJson(event.result ?? '') : event.structured_output;
      out.push({ type: 'final', answer: answer === undefined ? null : answer, text: event.result ?? null });
      return out;
    }
    const detail = [event.result, ...(Array.isArray(event.errors) ? event.errors.map(String) : [])].filter(Boolean).join('; ');
    if (subtype === 'success') {
      const status = event.api_error_status;
      out.push({ type: 'error', message: oneLine(`the API call failed${status ? ` with HTTP ${status}` : ''}${detail ? `: ${detail}` : ''}`, 500), fatal: true, cause: status ? 'http-error' : 'api-error' });
    } else {
      out.push({ type: 'error', message: oneLine(`claude stopped (${subtype})${detail ? `: ${detail}` : ''}`, 500), fatal: true, cause: RESULT_CAUSES[subtype] ?? 'execution-error' });
    }
    return out;
  }
}
