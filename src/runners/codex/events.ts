// Maps `codex exec --json` lines (thread.*, turn.*, item.*, error) to runner events and keeps
// what the run's result needs: thread id, last agent message, failure.
import { outputDigest, oneLine, tryParseJson } from '../digest.js';
import { FieldReader, isObject, lookup, MAX_FIELD_CHARS, type Json } from '../fields.js';
import type { RunnerEvent, FileChangeKind } from '../types.js';

// Each list is one case-insensitive pattern of alternatives.
const anyOf = (alternatives: string[]) => new RegExp(alternatives.join('|'), 'i');

const UNREACHABLE = anyOf([
  'reconnecting',
  'waiting for network',
  'connection (failed|refused|reset|closed)',
  'error sending request',
  'stream disconnected',
  'failed to connect',
  'dns error',
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
]);

const HTTP_ERROR = anyOf([
  'high demand',
  'temporar(il)?y unavailable',
  'rate limit',
  'quota',
  'server_error',
  'unexpected status',
  String.raw`\bstatus\s*:?\s*[45]\d\d\b`,
  String.raw`\b[45]\d\d\b.*error`,
  String.raw`"error"\s*:`,
]);

/** Why a Codex turn failed, as a stable cause token. */
export function classifyFailure(message: string): string {
  // Codex keeps retrying these ("Reconnecting… waiting for network"): the bridge counts them.
  if (UNREACHABLE.test(message)) return 'model-unreachable';
  if (/reasoning[._ ]effort|unsupported[^.]*effort|effort[^.]*not supported/i.test(message))
    return 'unsupported-effort';
  if (/invalid[_ ]json[_ ]schema|invalid schema/i.test(message)) return 'invalid-schema';
  if (HTTP_ERROR.test(message)) return 'http-error';
  return 'turn-failed';
}

/** The human part of a Codex error message, which is often an API error body as JSON text. */
export function errorText(message: string): string {
  const body = tryParseJson(message);
  const inner = isObject(body) && isObject(body.error) ? body.error.message : undefined;
  return typeof inner === 'string' && inner !== '' ? inner.slice(0, MAX_FIELD_CHARS) : message;
}

const KINDS: Record<string, FileChangeKind> = { add: 'add', delete: 'delete', update: 'update' };

/**
 * Maps one Codex run's lines. Total over any input: a field of the wrong type or size is ignored
 * or clipped (fields.ts) and noted as a non-fatal `odd-field` error event.
 */
export class CodexEventMapper {
  threadId: string | null = null;
  lastAgentMessage: string | null = null;
  /** The fatal failure, when the turn failed. */
  failure: { message: string; cause: string } | null = null;
  tokens: Record<string, number> | null = null;
  private readonly read = new FieldReader('codex');

  /** Events for one stdout line (lines that are not JSON become progress). */
  map(line: string): RunnerEvent[] {
    if (line.trim() === '') return [];
    const event = tryParseJson(line);
    if (!isObject(event) || typeof event.type !== 'string') return [{ type: 'progress', text: oneLine(line) }];
    const out = this.event(event);
    return [...out, ...this.read.drain()];
  }

  private event(event: Json): RunnerEvent[] {
    switch (event.type) {
      case 'thread.started':
        this.threadId = this.read.id(event.thread_id, 'thread_id');
        return [];
      case 'turn.started':
        return [{ type: 'progress', text: 'turn started' }];
      case 'turn.completed':
        this.tokens = this.read.counters(event.usage, 'usage');
        return [];
      case 'turn.failed': {
        // `error` is an object with a message; a bare string is taken as the message.
        const error =
          typeof event.error === 'string' ? { message: event.error } : this.read.object(event.error, 'error');
        const message = this.read.text(error?.message, 'error.message', MAX_FIELD_CHARS) ?? 'turn failed';
        this.failure = { message: errorText(message), cause: classifyFailure(message) };
        return [];
      }
      case 'error': {
        const message = this.read.text(event.message, 'message', MAX_FIELD_CHARS) ?? 'error';
        return [{ type: 'error', message: errorText(message), fatal: false, cause: classifyFailure(message) }];
      }
      case 'item.started':
      case 'item.updated':
      case 'item.completed': {
        const item = this.read.object(event.item, 'item');
        return item ? this.item(item, event.type === 'item.completed') : [];
      }
      default:
        return [];
    }
  }

  private item(item: Json, completed: boolean): RunnerEvent[] {
    const text = (field: string, max = MAX_FIELD_CHARS) => this.read.text(item[field], `item.${field}`, max);
    switch (item.type) {
      case 'agent_message': {
        if (!completed) return [];
        const message = text('text', Infinity);
        if (message === null) return [];
        this.lastAgentMessage = message;
        return [{ type: 'message', text: message }];
      }
      case 'reasoning': {
        if (!completed) return [];
        const thought = text('text');
        return [{ type: 'progress', text: oneLine(thought ? `thinking: ${thought}` : 'thinking') }];
      }
      case 'command_execution': {
        const command = text('command') ?? '';
        const status =
          item.status === 'failed' || item.status === 'declined' ? 'failed' : completed ? 'completed' : 'in_progress';
        const output = completed
          ? outputDigest(text('aggregated_output', Infinity) ?? '')
          : { output_bytes: 0, output_sha256: null };
        // The command event is itself the activity report: no separate progress line.
        return [
          {
            type: 'command',
            command,
            status,
            exit_code: this.read.integer(item.exit_code, 'item.exit_code'),
            ...output,
          },
        ];
      }
      case 'file_change': {
        if (!completed) return [];
        const changes: { path: string; kind: FileChangeKind }[] = [];
        for (const entry of this.read.list(item.changes, 'item.changes')) {
          const change = this.read.object(entry, 'item.changes[]');
          const file = this.read.text(change?.path, 'item.changes[].path', MAX_FIELD_CHARS);
          if (file !== null) changes.push({ path: file, kind: lookup(KINDS, change?.kind) ?? 'update' });
        }
        return changes.length > 0 ? [{ type: 'file_change', changes }] : [];
      }
      case 'mcp_tool_call':
        return completed
          ? []
          : [{ type: 'progress', text: oneLine(`calling ${text('server') ?? 'mcp'}.${text('tool') ?? 'tool'}`) }];
      case 'web_search':
        return completed ? [] : [{ type: 'progress', text: oneLine(`searching the web: ${text('query') ?? ''}`) }];
      case 'todo_list': {
        const open = this.read
          .list(item.items, 'item.items')
          .find((t) => isObject(t) && t.completed !== true && typeof t.text === 'string') as Json | undefined;
        return open ? [{ type: 'progress', text: oneLine(`plan: ${open.text as string}`) }] : [];
      }
      case 'error':
        return completed
          ? [{ type: 'error', message: text('message') ?? 'error', fatal: false, cause: 'codex-warning' }]
          : [];
      default:
        return [];
    }
  }
}
