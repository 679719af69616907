// Supervision under the Linux reaper (reaper.ts): the child runs as the reaper's child, and the reaper
// kills every process of its tree, wherever it moved, and reports the child's end on a third pipe.
import { killTree } from './kill-tree.js';
import { REAPER_NICE_VARIABLE } from './priority.js';
import { emptyReport, execError, readReportLine, type ReaperReport } from './reaper.js';
import { startProcess, type StartedProcess } from './start-process.js';
import type { StrategySettings, TreeStrategy } from './tree-strategy.js';

// How long past its own grace period the reaper may take before the host kills it and sweeps
// the old way (a reaper that was stopped or killed by something in the tree).
const REAPER_MARGIN_MS = 3000;

export function reaperStrategy(reaper: string, settings: StrategySettings): TreeStrategy {
  const { graceMs, marker } = settings;
  const report = emptyReport();
  let child: StartedProcess | null = null;
  let file = '';
  let killing: Promise<void> | null = null;
  return {
    async start(target, args) {
      file = target;
      // The reaper lowers itself before the child starts, so the whole tree runs lower from birth.
      const env = { ...settings.env, ...(settings.nice > 0 ? { [REAPER_NICE_VARIABLE]: String(settings.nice) } : {}) };
      child = await startProcess(reaper, ['3', String(graceMs), String(process.pid), target, ...args], {
        cwd: settings.cwd,
        env,
        stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
        windowsHide: true,
        windowsVerbatimArguments: false,
      });
      readReports(child, report);
      return child;
    },
    kill(exited) {
      if (killing || child?.pid === undefined || exited) return;
      killing = signalReaper(child, graceMs, marker);
    },
    async end() {
      if (child?.pid === undefined) return;
      // The reaper was killed before it finished: whatever it had adopted went to init.
      // Only the marker can find that now (its pid, and so its group id, may be reused).
      if (!report.done) killing = killTree(child.pid, { graceMs, marker, group: false });
      await killing;
    },
    // The reaper kills the tree itself when the host dies: no watchdog to release.
    cleanup: () => undefined,
    // The started process was the reaper: its report of the child replaces the reaper's own exit.
    report: (interrupted) => ({
      pid: report.pid,
      exit:
        report.exitCode !== null || report.signal !== null
          ? { exitCode: report.exitCode, signal: report.signal }
          : null,
      spawnError: report.spawnErrno !== null ? execError(report.spawnErrno, file) : null,
      leftovers: interrupted ? 0 : report.swept,
      stuck: report.stuck,
    }),
  };
}

function readReports(child: StartedProcess, report: ReaperReport): void {
  let pending = '';
  child.stdio[3]!.on('data', (chunk: Buffer) => {
    pending += chunk.toString('latin1');
    for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
      readReportLine(report, pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  });
}

// The reaper signals the whole tree and escalates to SIGKILL after the grace period; the group
// kill and marker sweep remain only for a reaper that does not finish.
function signalReaper(child: StartedProcess, graceMs: number, marker: StrategySettings['marker']): Promise<void> {
  const pid = child.pid!;
  try {
    process.kill(pid, 'SIGTERM');
  } catch {
    // already gone
  }
  return new Promise<void>((done) => {
    // The sweep runs only while the reaper has not exited (its exit clears the timer): its group is still its own.
    const sweep = () => void killTree(pid, { graceMs: 100, marker, group: true }).then(done);
    const fallback = setTimeout(sweep, graceMs + REAPER_MARGIN_MS);
    child.once('exit', () => {
      clearTimeout(fallback);
      done();
    });
  });
}
