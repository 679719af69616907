// The runner interface: what the bridge harness (src/bridge/) calls, and the one typed event
// stream every runner emits. Modelled on Codex's own exec events (codex-rs/exec/src/exec_events.rs):
// `type`-tagged variants, explicit status enums, one doc comment per variant.

import type { Effort, Verb } from '../vocabulary.js';

// The verb and effort level of a request, as runner plugins see them (defined in the vocabulary).
export type { Effort, Verb };

/** Status of a command the child ran (Codex `command_execution.status`, Claude Bash tool results). */
export type CommandStatus = 'in_progress' | 'completed' | 'failed';

/** Kind of change a child made to one file. */
export type FileChangeKind = 'add' | 'delete' | 'update';

/**
 * The child reported who it is: its session / thread id and the model that actually runs.
 * Codex: `thread.started.thread_id` (model from the request); Claude: `system/init`.
 * May be emitted more than once; later values refine earlier ones.
 */
export interface SessionEvent {
  type: 'session';
  session_id: string | null;
  model: string | null;
}

/** A short human-readable line of activity ("running npm test", "thinking"), for progress notices. */
export interface ProgressEvent {
  type: 'progress';
  text: string;
}

/** An agent message, intermediate or final (Codex `agent_message`, Claude assistant text). */
export interface MessageEvent {
  type: 'message';
  text: string;
}

/**
 * A command the child ran. Output is never carried: only its size and digest, so the transcript
 * stays bounded. `output_sha256` is null while the command is still running.
 */
export interface CommandEvent {
  type: 'command';
  command: string;
  status: CommandStatus;
  exit_code: number | null;
  output_bytes: number;
  output_sha256: string | null;
}

/** Files the child added, deleted or updated (paths as the child reported them). */
export interface FileChangeEvent {
  type: 'file_change';
  changes: { path: string; kind: FileChangeKind }[];
}

/**
 * Token counters for the run so far (names as snake_case counters, e.g. `input_tokens`,
 * `cached_input_tokens`, `output_tokens`, `reasoning_output_tokens`). `cost_source` is
 * `reported` when the CLI reported the cost itself (Claude), `estimated` when computed from a
 * user-configured price table, null when unknown.
 */
export interface UsageEvent {
  type: 'usage';
  tokens: Record<string, number>;
  cost_usd: number | null;
  cost_source: 'reported' | 'estimated' | null;
}

/**
 * The child's final answer as the CLI delivered it: `answer` is the parsed structured output (an
 * object, not yet validated: validation is the envelope module's job) or null when the final text
 * was not JSON; `text` is the raw final text when there is one. Emitted at most once per run.
 */
export interface FinalEvent {
  type: 'final';
  /** The parsed answer (null when there is none). */
  answer: unknown;
  text: string | null;
}

/**
 * Something went wrong. `fatal: false` is a warning the child survived (e.g. Codex's non-fatal
 * `error` item); `fatal: true` means the run produced no usable answer. `cause` is a stable short
 * token for the harness (`http-error`, `turn-failed`, `max-turns`, `max-budget`,
 * `structured-output-retries`, `execution-error`, `unsupported-effort`, `spawn`, `output-limit`…).
 * `model-unreachable` (non-fatal) marks a failed connection to the model that the child retries:
 * when such errors persist with no other event, the harness ends the run (PEER_BRIDGE_UNREACHABLE_MS).
 */
export interface ErrorEvent {
  type: 'error';
  message: string;
  fatal: boolean;
  cause?: string;
}

/** One event of the typed stream every runner emits. */
export type RunnerEvent =
  SessionEvent | ProgressEvent | MessageEvent | CommandEvent | FileChangeEvent | UsageEvent | FinalEvent | ErrorEvent;

/**
 * An MCP server (peer-bridge's file workbench) the child should edit files through instead of its
 * own edit tools. A runner that cannot give it to its CLI ignores it (edits then bypass the checks).
 */
export interface PeerWorkbench {
  /** The MCP server's name in the child's config (tool names derive from it: `mcp__<name>__edit_file`). */
  name: string;
  /** Absolute path of the executable and its arguments (no shell). */
  command: string;
  args: string[];
  /** Variables the server needs beyond what the child passes on (e.g. the shared lock directory). */
  env: Record<string, string>;
}

/** One run of a child agent. */
export interface RunRequest {
  verb: Verb;
  /** The full prompt (task, budget, answer-shape instructions) as the harness built it. */
  prompt: string;
  /** Absolute path of the workspace; the child's cwd. */
  workspace: string;
  model?: string;
  /** The effort to apply (already resolved by the harness's effort policy). */
  effort?: Effort;
  /** Value to put in the child's PEER_BRIDGE_DEPTH. */
  depth: number;
  /** The file workbench the child edits through (implement calls), when the harness provides one. */
  workbench?: PeerWorkbench;
  /** Abort = kill the whole process tree (SIGTERM to the group, SIGKILL after a grace period). */
  signal: AbortSignal;
  /** Output caps: past either, the tree is killed and `outputLimitHit` is set. */
  limits: { maxOutputBytes: number; maxLineBytes: number };
  onEvent(event: RunnerEvent): void;
}

/** How one run ended. A run never rejects for child failures; it rejects only for host bugs. */
export interface RunResult {
  exitCode: number | null;
  signal: string | null;
  /** The last few KiB of the child's stderr. */
  stderrTail: string;
  outputLimitHit: boolean;
  /** True when the request's signal aborted the run. */
  aborted: boolean;
  /** Text of the last complete agent message (Codex `partial_output` on output limit). */
  lastAgentMessage: string | null;
  effortApplied?: Effort;
  effortSubstitution?: { requested: Effort; applied: Effort; reason: string } | null;
  model: string | null;
  sessionId: string | null;
}

/** A loaded runner, ready to run. */
export interface Runner {
  id: string;
  /** The manifest says the runner hands the workbench to its CLI (implement runs then get one). */
  workbench: boolean;
  /** Effort levels the model accepts, lowest first; null when the runner does not know. */
  supportedEfforts(model?: string): Promise<Effort[] | null>;
  run(req: RunRequest): Promise<RunResult>;
}
