// Maps `gemini -p --output-format stream-json` lines (init, message, tool_use, tool_result, error,
// result) and its stderr retry notices to peer-bridge runner events.
import { oneLine, outputDigest, parseAnswer } from './digest.js';

/** @typedef {import('peer-bridge').RunnerEvent} RunnerEvent */

// The peer workbench's mutating tools as Gemini CLI names MCP tools (mcp_<server>_<tool>).
const WORKBENCH_EDIT =
  /^mcp_workbench_(write_file|edit_file|multi_edit|notebook_edit|delete_range|delete_symbol|move_file)$/;
// Gemini CLI's own edit tools (off when the peer edits through the workbench).
const OWN_EDIT = new Set(['write_file', 'replace']);
// What Gemini CLI writes to stderr when a request to the model could not even connect.
const UNREACHABLE = /fetch failed|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|ECONNRESET|socket hang up|network/i;

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v, max = 2000) => (typeof v === 'string' ? v.slice(0, max) : null);
const count = (v) => (typeof v === 'number' && Number.isSafeInteger(Math.floor(v)) && v >= 0 ? Math.floor(v) : 0);

export class GeminiEventMapper {
  sessionId = null;
  model = null;
  lastAgentMessage = null;
  /** Set once the `result` line arrived. */
  done = false;
  /** Token counters of the `result` line, or null. */
  tokens = null;
  /** @type {{ message: string, cause: string } | null} */
  failure = null;
  /** The answer text of the current turn, built from its `delta` messages. */
  #turn = '';
  /** @type {Map<string, string>} tool_id → the shell command it ran */
  #commands = new Map();

  /** @param {string} line @returns {RunnerEvent[]} */
  map(line) {
    if (line.trim() === '') return [];
    let event;
    try {
      event = JSON.parse(line);
    } catch {
      return [{ type: 'progress', text: oneLine(line) }];
    }
    if (!isObject(event) || typeof event.type !== 'string') return [{ type: 'progress', text: oneLine(line) }];
    switch (event.type) {
      case 'init':
        this.sessionId = text(event.session_id, 200);
        this.model = text(event.model, 200);
        return [{ type: 'session', session_id: this.sessionId, model: this.model }];
      case 'message':
        if (event.role === 'assistant' && typeof event.content === 'string') {
          this.#turn = event.delta === true ? this.#turn + event.content : event.content;
        }
        return [];
      case 'tool_use':
        return [...this.#endTurn(), ...this.#toolUse(event)];
      case 'tool_result':
        return this.#toolResult(event);
      case 'error':
        return [
          {
            type: 'error',
            message: oneLine(text(event.message) ?? 'error', 500),
            fatal: false,
            cause: 'gemini-warning',
          },
        ];
      case 'result':
        return this.#result(event);
      default:
        return [];
    }
  }

  /** A stderr line: Gemini CLI reports its retries to reach the model only there. @returns {RunnerEvent[]} */
  mapStderr(line) {
    const attempt = /^Attempt (\d+) failed/.exec(line);
    if (!attempt) return [];
    if (UNREACHABLE.test(line)) {
      return [
        {
          type: 'error',
          message: oneLine(`cannot connect to the model API: ${line}`, 300),
          fatal: false,
          cause: 'model-unreachable',
        },
      ];
    }
    return [{ type: 'progress', text: oneLine(line) }];
  }

  // The text the model wrote before a tool call or the end is one agent message.
  #endTurn() {
    const message = this.#turn;
    this.#turn = '';
    if (message.trim() === '') return [];
    this.lastAgentMessage = message;
    return [{ type: 'message', text: message }];
  }

  #toolUse(event) {
    const name = text(event.tool_name, 200) ?? 'tool';
    const params = isObject(event.parameters) ? event.parameters : {};
    const id = text(event.tool_id, 500);
    if (name === 'run_shell_command') {
      const command = text(params.command) ?? '';
      if (id) this.#commands.set(id, command);
      return [
        { type: 'command', command, status: 'in_progress', exit_code: null, output_bytes: 0, output_sha256: null },
      ];
    }
    const file = WORKBENCH_EDIT.test(name) ? text(params.path) : OWN_EDIT.has(name) ? text(params.file_path) : null;
    if (file !== null) return [{ type: 'file_change', changes: [{ path: file, kind: 'update' }] }];
    return [{ type: 'progress', text: oneLine(`using ${name}`) }];
  }

  #toolResult(event) {
    const id = text(event.tool_id, 500);
    const command = id === null ? undefined : this.#commands.get(id);
    if (command === undefined) return [];
    this.#commands.delete(id);
    const output = typeof event.output === 'string' ? event.output : '';
    return [
      {
        type: 'command',
        command,
        status: event.status === 'success' ? 'completed' : 'failed',
        exit_code: null,
        ...outputDigest(output),
      },
    ];
  }

  #result(event) {
    this.done = true;
    const out = this.#endTurn();
    const stats = isObject(event.stats) ? event.stats : {};
    this.tokens = {
      input_tokens: count(stats.input_tokens),
      cached_input_tokens: count(stats.cached),
      output_tokens: count(stats.output_tokens),
      total_tokens: count(stats.total_tokens),
    };
    // The model that did the work: of the models the run used (a router may add a small one),
    // the one that wrote the most.
    const models = isObject(stats.models) ? Object.entries(stats.models) : [];
    const main = models.sort(([, a], [, b]) => count(b?.output_tokens) - count(a?.output_tokens))[0];
    if (main) this.model = main[0].slice(0, 200);
    if (event.status === 'success') {
      const answer = this.lastAgentMessage === null ? undefined : parseAnswer(this.lastAgentMessage);
      out.push({ type: 'final', answer: answer === undefined ? null : answer, text: this.lastAgentMessage });
      return out;
    }
    const error = isObject(event.error) ? event.error : {};
    const message = oneLine(`gemini stopped: ${text(error.message) ?? text(error.type) ?? 'unknown error'}`, 500);
    const cause = UNREACHABLE.test(message)
      ? 'model-unreachable'
      : /\b[45]\d\d\b/.test(message)
        ? 'http-error'
        : 'api-error';
    this.failure = { message, cause };
    return out;
  }
}
