// One child run under the harness's clock: the hard cutoff, the caller's cancellation, progress
// reports (each event, plus a heartbeat so a quiet child still shows life) and the transcript.
import type {
  ErrorEvent,
  FinalEvent,
  RunRequest,
  RunResult,
  Runner,
  RunnerEvent,
  UsageEvent,
} from '../runners/types.js';
import { childProgress } from './child-progress.js';
import type { BridgeProgress } from './types.js';

export interface ChildRunOptions {
  runner: Runner;
  request: Omit<RunRequest, 'signal' | 'onEvent'>;
  runId: string;
  budgetSeconds: number;
  cutoffMs: number;
  heartbeatMs: number;
  /** How long the child may keep failing to reach its model with no model output (0: no limit). */
  unreachableMs: number;
  signal: AbortSignal | undefined;
  /** Receives every runner event (the transcript). */
  record: (event: object) => void;
  onProgress: ((progress: BridgeProgress) => void) | undefined;
}

/** Everything the harness learned from one child run. */
export interface ChildOutcome {
  /** The runner's result; null when the runner itself failed (then `failure` says why). */
  result: RunResult | null;
  failure: Error | null;
  timedOut: boolean;
  cancelled: boolean;
  final: FinalEvent | null;
  usage: UsageEvent | null;
  sessionId: string | null;
  model: string | null;
  errors: ErrorEvent[];
  /** Set when the harness stopped a child that kept failing to reach its model. */
  unreachable: { errors: number; seconds: number; lastError: string } | null;
  durationMs: number;
}

function oneLine(text: string, max = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

// Messages in the answer's JSON shape read better as their verdict.
function verdictOf(text: string): string | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const verdict = (JSON.parse(text) as { verdict?: unknown }).verdict;
    return typeof verdict === 'string' ? verdict : null;
  } catch {
    return null;
  }
}

/** What an event says about the child's activity, or null for bookkeeping events. */
export function describeEvent(event: RunnerEvent): string | null {
  switch (event.type) {
    case 'session':
      return event.model ? `started (${oneLine(event.model, 60)})` : 'started';
    case 'progress':
      return oneLine(event.text);
    case 'message':
      return `says: ${oneLine(verdictOf(event.text) ?? event.text)}`;
    case 'command':
      return event.status === 'in_progress'
        ? `running: ${oneLine(event.command)}`
        : `ran: ${oneLine(event.command, 100)} (exit ${event.exit_code ?? '?'})`;
    case 'file_change':
      return `changed ${oneLine(event.changes.map((c) => c.path).join(', '))}`;
    case 'error':
      return `${event.fatal ? 'error' : 'warning'}: ${oneLine(event.message)}`;
    case 'final':
      return 'answered';
    case 'usage':
      return null;
  }
}

/**
 * Ends a child that cannot reach its model instead of letting it retry until the hard cutoff:
 * connection errors (cause `model-unreachable`) with no sign of the model for `ms`, and at least
 * two of them, call `giveUp`. Any other activity of the child starts the count again.
 */
export function watchUnreachable(ms: number, giveUp: (verdict: NonNullable<ChildOutcome['unreachable']>) => void) {
  let errors = 0;
  let since = 0;
  let lastError = '';
  let due = false;
  let timer: NodeJS.Timeout | undefined;
  const verdict = () => ({ errors, seconds: Math.round((performance.now() - since) / 100) / 10, lastError });
  const reset = () => {
    clearTimeout(timer);
    timer = undefined;
    errors = 0;
    due = false;
  };
  return {
    see(event: RunnerEvent) {
      if (ms <= 0) return;
      if (event.type === 'error' && event.cause === 'model-unreachable') {
        errors += 1;
        lastError = event.message;
        if (errors === 1) {
          since = performance.now();
          // One error is not yet "repeated": past the bound, the next one ends the run.
          timer = setTimeout(() => (errors >= 2 ? giveUp(verdict()) : (due = true)), ms);
        } else if (due) giveUp(verdict());
      } else if (event.type !== 'session' && event.type !== 'error') {
        reset();
      }
    },
    stop: reset,
  };
}

export async function runChild(options: ChildRunOptions): Promise<ChildOutcome> {
  const start = performance.now();
  const controller = new AbortController();
  const outcome: ChildOutcome = {
    result: null,
    failure: null,
    timedOut: false,
    cancelled: false,
    final: null,
    usage: null,
    sessionId: null,
    model: null,
    errors: [],
    unreachable: null,
    durationMs: 0,
  };
  const onAbort = () => {
    outcome.cancelled = true;
    controller.abort(options.signal?.reason);
  };
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  const cutoff = setTimeout(() => {
    outcome.timedOut = true;
    controller.abort(new Error('hard cutoff'));
  }, options.cutoffMs);
  const progress = childProgress({ ...options, start });
  const unreachable = watchUnreachable(options.unreachableMs, (verdict) => {
    if (controller.signal.aborted) return;
    outcome.unreachable = verdict;
    controller.abort(new Error('the model is unreachable'));
  });

  const onEvent = (event: RunnerEvent) => {
    options.record(event);
    unreachable.see(event);
    if (event.type === 'final') outcome.final = event;
    else if (event.type === 'usage') outcome.usage = event;
    else if (event.type === 'error') outcome.errors.push(event);
    else if (event.type === 'session') {
      outcome.sessionId = event.session_id ?? outcome.sessionId;
      outcome.model = event.model ?? outcome.model;
    }
    const text = describeEvent(event);
    if (text !== null) progress.activity(text);
  };

  try {
    if (controller.signal.aborted) throw new Error('cancelled before the child started');
    progress.emit('starting the peer');
    outcome.result = await options.runner.run({ ...options.request, signal: controller.signal, onEvent });
  } catch (error) {
    outcome.failure = error instanceof Error ? error : new Error(String(error));
  } finally {
    clearTimeout(cutoff);
    unreachable.stop();
    progress.stop();
    options.signal?.removeEventListener('abort', onAbort);
    outcome.durationMs = performance.now() - start;
  }
  return outcome;
}
