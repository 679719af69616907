// A child's progress as its caller sees it: a report for each event the child makes (folded into
// the next one when they come faster than MIN_EVENT_GAP_MS, so a flood stays cheap), and a
// heartbeat naming the last activity while the child is quiet.
import type { BridgeProgress } from './types.js';

const MAX_MESSAGE = 200;
const MIN_EVENT_GAP_MS = 250;

export interface ProgressOptions {
  runId: string;
  budgetSeconds: number;
  heartbeatMs: number;
  onProgress: ((progress: BridgeProgress) => void) | undefined;
  /** When the child's run began (performance.now()). */
  start: number;
}

export interface ChildProgress {
  /** Sends one report now. */
  emit: (message: string) => void;
  /** The child's latest activity (an event's description). */
  activity: (text: string) => void;
  /** Stops the heartbeat and any report still due. */
  stop: () => void;
}

export function childProgress(options: ProgressOptions): ChildProgress {
  let count = 0;
  let lastEmit = 0;
  let lastActivity = 'starting';
  let trailing: NodeJS.Timeout | undefined;
  const elapsed = () => (performance.now() - options.start) / 1000;
  const emit = (message: string) => {
    lastEmit = performance.now();
    count += 1;
    options.onProgress?.({
      run_id: options.runId,
      count,
      elapsed_seconds: Math.round(elapsed() * 10) / 10,
      budget_seconds: options.budgetSeconds,
      message: message.slice(0, MAX_MESSAGE),
    });
  };
  // Checked five times per period, so a quiet child is reported at most 1.2 periods apart.
  const heartbeat = options.onProgress
    ? setInterval(
        () => {
          if (performance.now() - lastEmit >= options.heartbeatMs) {
            emit(`working, ${Math.round(elapsed())} s of ${options.budgetSeconds} s; last: ${lastActivity}`);
          }
        },
        Math.max(10, Math.round(options.heartbeatMs / 5)),
      )
    : undefined;
  const activity = (text: string) => {
    lastActivity = text;
    if (!options.onProgress) return;
    const since = performance.now() - lastEmit;
    if (since >= MIN_EVENT_GAP_MS && !trailing) emit(text);
    // Too soon after the last report: the latest activity goes out once the gap has passed.
    else
      trailing ??= setTimeout(
        () => {
          trailing = undefined;
          emit(lastActivity);
        },
        Math.max(0, MIN_EVENT_GAP_MS - since),
      );
  };
  const stop = () => {
    if (heartbeat) clearInterval(heartbeat);
    if (trailing) clearTimeout(trailing);
  };
  return { emit, activity, stop };
}
