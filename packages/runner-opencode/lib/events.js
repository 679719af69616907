// Maps `opencode run --format json` lines (step_start, text, tool_use, step_finish, error) to
// peer-bridge runner events, and keeps what the run's result needs: the session, the last text,
// the summed usage and cost, the error that ended the run.
import { createHash } from 'node:crypto';

const MAX_TEXT = 4000;
// OpenCode's own edit tools and the workbench's mutating tools (the server is named `workbench`).
const EDIT_TOOLS = new Set(['edit', 'write', 'patch', 'multiedit', 'apply_patch']);
const WORKBENCH_EDIT =
  /^workbench_(write_file|edit_file|multi_edit|notebook_edit|delete_range|delete_symbol|move_file)$/;
// What OpenCode says when it gave up reaching the model (after its own five retries).
const UNREACHABLE =
  /cannot connect|unable to connect|connection (refused|reset|closed|error)|fetch failed|failed to fetch|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|socket/i;

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value, max = MAX_TEXT) => (typeof value === 'string' ? value.slice(0, max) : null);
const count = (value) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0);
const oneLine = (value, max = 200) => value.replace(/\s+/g, ' ').trim().slice(0, max);

/** A stable cause for OpenCode's `error` event (its `error.name` and message). */
export function classifyError(name, message, status) {
  if (UNREACHABLE.test(message)) return 'model-unreachable';
  if (name === 'ProviderAuthError' || status === 401 || status === 403) return 'auth';
  if (name === 'MessageOutputLengthError') return 'max-output-tokens';
  if (name === 'MessageAbortedError') return 'aborted';
  if (name === 'APIError' || status !== null) return 'http-error';
  return 'execution-error';
}

/** Maps one OpenCode run's lines. Total over any input: odd lines become progress or are skipped. */
export class OpencodeEventMapper {
  sessionId = null;
  lastText = null;
  /** The error event that ended the run (OpenCode's `error` line), or null. */
  failure = null;
  tokens = null;
  cost = 0;

  map(line) {
    if (line.trim() === '') return [];
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      return [{ type: 'progress', text: oneLine(line) }];
    }
    if (!isObject(event) || typeof event.type !== 'string') return [];
    const out = [];
    const session = text(event.sessionID, 200);
    if (session && this.sessionId === null) {
      this.sessionId = session;
      out.push({ type: 'session', session_id: session, model: null });
    }
    const part = isObject(event.part) ? event.part : {};
    switch (event.type) {
      case 'step_start':
        out.push({ type: 'progress', text: 'thinking' });
        break;
      case 'text':
        out.push(...this.text(part));
        break;
      case 'tool_use':
        out.push(this.tool(part));
        break;
      case 'step_finish':
        this.step(part);
        break;
      case 'error':
        out.push(this.error(event.error));
        break;
    }
    return out;
  }

  text(part) {
    const value = text(part.text, 200_000);
    if (value === null || value.trim() === '') return [];
    this.lastText = value;
    return [{ type: 'message', text: value.slice(0, MAX_TEXT) }];
  }

  tool(part) {
    const name = text(part.tool, 200) ?? 'tool';
    const state = isObject(part.state) ? part.state : {};
    const input = isObject(state.input) ? state.input : {};
    const failed = state.status === 'error';
    if (name === 'bash') {
      const output = text(state.output, 10_000_000) ?? '';
      const metadata = isObject(state.metadata) ? state.metadata : {};
      return {
        type: 'command',
        command: text(input.command) ?? '',
        status: failed ? 'failed' : 'completed',
        exit_code: Number.isSafeInteger(metadata.exit) ? metadata.exit : null,
        output_bytes: Buffer.byteLength(output),
        output_sha256: createHash('sha256').update(output).digest('hex'),
      };
    }
    const file = EDIT_TOOLS.has(name) ? text(input.filePath) : WORKBENCH_EDIT.test(name) ? text(input.path) : null;
    if (file !== null && !failed) return { type: 'file_change', changes: [{ path: file, kind: 'update' }] };
    return { type: 'progress', text: oneLine(`${failed ? 'failed: ' : 'used '}${name}`) };
  }

  // Each step reports its own tokens and cost: the run's are their sums.
  step(part) {
    const tokens = isObject(part.tokens) ? part.tokens : {};
    const cache = isObject(tokens.cache) ? tokens.cache : {};
    const sum = this.tokens ?? {
      input_tokens: 0,
      output_tokens: 0,
      reasoning_output_tokens: 0,
      cached_input_tokens: 0,
      cache_write_input_tokens: 0,
    };
    sum.input_tokens += count(tokens.input);
    sum.output_tokens += count(tokens.output);
    sum.reasoning_output_tokens += count(tokens.reasoning);
    sum.cached_input_tokens += count(cache.read);
    sum.cache_write_input_tokens += count(cache.write);
    this.tokens = sum;
    if (typeof part.cost === 'number' && Number.isFinite(part.cost) && part.cost > 0) this.cost += part.cost;
  }

  error(raw) {
    const error = isObject(raw) ? raw : {};
    const name = text(error.name, 100) ?? 'Error';
    const data = isObject(error.data) ? error.data : {};
    const message = text(data.message) ?? text(error.message) ?? name;
    const status = Number.isSafeInteger(data.statusCode) ? data.statusCode : null;
    const cause = classifyError(name, message, status);
    const event = {
      type: 'error',
      message: oneLine(`opencode: ${name}${status ? ` (HTTP ${status})` : ''}: ${message}`, 500),
      fatal: true,
      cause,
    };
    this.failure = event;
    return event;
  }

  /** The usage event of the run: OpenCode prices tokens with its model catalog; 0 means it has no price. */
  usage() {
    if (!this.tokens) return null;
    const cost = this.cost > 0 ? this.cost : null;
    return {
      type: 'usage',
      tokens: { ...this.tokens },
      cost_usd: cost,
      cost_source: cost === null ? null : 'reported',
    };
  }
}
