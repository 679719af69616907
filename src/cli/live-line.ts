// The live progress line of `peer-bridge run` on a terminal: one line rewritten in place, whose
// clock ticks every second between the peer's events so a quiet peer does not look frozen.
import type { BridgeProgress } from '../bridge/types.js';

const TICK_MS = 1000;

export interface LiveLine {
  update(progress: BridgeProgress): void;
  /** Stops the clock and clears the line (once). */
  stop(): void;
}

export function liveLine(stream: NodeJS.WriteStream): LiveLine {
  let last: { progress: BridgeProgress; at: number } | undefined;
  const draw = () => {
    if (!last) return;
    const elapsed = last.progress.elapsed_seconds + (Date.now() - last.at) / 1000;
    const line = `[${Math.floor(elapsed)}s/${last.progress.budget_seconds}s] ${last.progress.message}`;
    // A terminal that reports no width (0) gets 100 columns.
    stream.write(`\r\x1b[2K${line.slice(0, Math.max(20, (stream.columns || 100) - 1))}`);
  };
  const timer = setInterval(draw, TICK_MS);
  timer.unref();
  return {
    update(progress) {
      last = { progress, at: Date.now() };
      draw();
    },
    stop() {
      clearInterval(timer);
      if (last) stream.write('\r\x1b[2K');
      last = undefined;
    },
  };
}
