// Maps `codex exec --json` lines (thread.*, turn.*, item.*, error) to runner events and keeps
// what the run's result needs: thread id, last agent message, failure.
import { outputDigest, oneLine, tryParseJson } from '../digest.js';
import type { RunnerEvent, FileChangeKind } from '../types.js';

interface CodexItem {
  id?: string;
  type?: string;
  text?: string;
  command?: string;
  aggregated_output?: string;
  exit_code?: number | null;
  status?: string;
  changes?: { path?: string; kind?: string }[];
  server?: string;
  tool?: string;
  query?: string;
  message?: string;
  items?: { text?: string; completed?: boolean }[];
}

interface CodexLine {
  type?: string;
  thread_id?: string;
  item?: CodexItem;
  usage?: Record<string, unknown>;
  error?: { message?: string };
  message?: string;
}

const UNREACHABLE =
  /reconnecting|waiting for network|connection (failed|refused|reset|closed)|error sending request|stream disconnected|failed to connect|dns error|ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT/i;

/** Why a Codex turn failed, as a stable cause token. */
export function classifyFailure(message: string): string {
  // Codex keeps retrying these ("Reconnecting… waiting for network"): the bridge counts them.
  if (UNREACHABLE.test(message)) return 'model-unreachable';
  if (/reasoning[._ ]effort|unsupported[^.]*effort|effort[^.]*not supported/i.test(message)) return 'unsupported-effort';
  if (/invalid[_ ]json[_ ]schema|invalid schema/i.test(message)) return 'invalid-schema';
  if (/high demand|temporar(il)?y unavailable|rate limit|quota|server_error|unexpected status|\bstatus\s*:?\s*[45]\d\d\b|\b[45]\d\d\b.*error|"error"\s*:/i.test(message)) return 'http-error';
  return 'turn-failed';
}

/** The human part of a Codex error message, which is often an API error body as JSON text. */
export function errorText(message: string): string {
  const body = tryParseJson(message) as { error?: { message?: string } } | undefined;
  return body?.error?.message ?? message;
}

const KINDS: Record<string, FileChangeKind> = { add: 'add', delete: 'delete', update: 'update' };

export class CodexEventMapper {
  threadId: string | null = null;
  lastAgentMessage: string | null = null;
  /** The fatal failure, when the turn failed. */
  failure: { message: string; cause: string } | null = null;
  tokens: Record<string, number> | null = null;

  /** Events for one stdout line (lines that are not JSON become progress). */
  map(line: string): RunnerEvent[] {
    if (line.trim() === '') return [];
    const event = tryParseJson(line) as CodexLine | undefined;
    if (!event || typeof event !== 'object' || typeof event.type !== 'string') return [{ type: 'progress', text: oneLine(line) }];
    switch (event.type) {
      case 'thread.started':
        this.threadId = event.thread_id ?? null;
        return [];
      case 'turn.started':
        return [{ type: 'progress', text: 'turn started' }];
      case 'turn.completed':
        this.tokens = numbers(event.usage);
        return [];
      case 'turn.failed': {
        const message = event.error?.message ?? 'turn failed';
        this.failure = { message: errorText(message), cause: classifyFailure(message) };
        return [];
      }
      case 'error':
        return [{ type: 'error', message: errorText(event.message ?? 'error'), fatal: false, cause: classifyFailure(event.message ?? '') }];
      case 'item.started':
      case 'item.updated':
      case 'item.completed':
        return event.item ? this.item(event.item, event.type === 'item.completed') : [];
      default:
        return [];
    }
  }

  private item(item: CodexItem, completed: boolean): RunnerEvent[] {
    switch (item.type) {
      case 'agent_message':
        if (!completed || typeof item.text !== 'string') return [];
        this.lastAgentMessage = item.text;
        return [{ type: 'message', text: item.text }];
      case 'reasoning':
        return completed ? [{ type: 'progress', text: oneLine(item.text ? `thinking: ${item.text}` : 'thinking') }] : [];
      case 'command_execution': {
        const command = item.command ?? '';
        const status = item.status === 'failed' || item.status === 'declined' ? 'failed' : completed ? 'completed' : 'in_progress';
        const output = completed ? outputDigest(item.aggregated_output ?? '') : { output_bytes: 0, output_sha256: null };
        // The command event is itself the activity report: no separate progress line.
        return [{ type: 'command', command, status, exit_code: item.exit_code ?? null, ...output }];
      }
      case 'file_change':
        if (!completed) return [];
        return [{
          type: 'file_change',
          changes: (item.changes ?? []).map((c) => ({ path: c.path ?? '', kind: KINDS[c.kind ?? ''] ?? 'update' })),
        }];
      case 'mcp_tool_call':
        return completed ? [] : [{ type: 'progress', text: oneLine(`calling ${item.server ?? 'mcp'}.${item.tool ?? 'tool'}`) }];
      case 'web_search':
        return completed ? [] : [{ type: 'progress', text: oneLine(`searching the web: ${item.query ?? ''}`) }];
      case 'todo_list': {
        const open = (item.items ?? []).find((t) => !t.completed);
        return open?.text ? [{ type: 'progress', text: oneLine(`plan: ${open.text}`) }] : [];
      }
      case 'error':
        return completed ? [{ type: 'error', message: item.message ?? 'error', fatal: false, cause: 'codex-warning' }] : [];
      default:
        return [];
    }
  }
}

function numbers(usage: Record<string, unknown> | undefined): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(usage ?? {})) if (typeof value === 'number') out[key] = value;
  return out;
}
