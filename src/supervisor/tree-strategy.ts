// What a way of supervising a child's process tree must do; spawn.ts runs the lifecycle around it.
import type { StartedProcess } from './start-process.js';

/** What both strategies are given for one spawn. */
export interface StrategySettings {
  cwd: string;
  /** The child's complete environment, the spawn marker included. */
  env: Record<string, string>;
  /** Time between SIGTERM and SIGKILL. */
  graceMs: number;
  /** The spawn marker every process of the tree inherits (see kill-tree.ts). */
  marker: { name: string; value: string };
  /** How much lower the peer runs than the host (priority.ts). */
  nice: number;
}

/**
 * One way to start a child and end its whole tree: under the Linux reaper (strategy-reaper.ts) or
 * directly, with the tree found by group, parent links and marker (strategy-direct.ts).
 */
export interface TreeStrategy {
  /** Starts the child; resolves once the started process has a pid or has failed to start. */
  start(file: string, args: readonly string[]): Promise<StartedProcess>;
  /** Kills the whole tree now (abort, a cap, a runner bug); `exited`: the started process is gone. */
  kill(exited: boolean): void;
  /** Once the started process has closed: ends what is left of the tree; resolves when it is gone. */
  end(): Promise<void>;
  /** Releases what start() set up. */
  cleanup(): void;
  /**
   * What the strategy knows of the tree once it has ended; `interrupted`: the tree was killed on
   * purpose (abort, a cap, a runner bug), so what it left is not counted as leftovers.
   */
  report(interrupted: boolean): TreeReport;
}

/** The end of a child's tree as a strategy saw it. */
export interface TreeReport {
  /** The child's pid (with the reaper: the reaper's child, not the reaper). */
  pid: number | null;
  /** The child's own exit, when the started process was not the child itself. */
  exit: { exitCode: number | null; signal: string | null } | null;
  /** Why the child could not be started, when the started process found out (the reaper's exec). */
  spawnError: Error | null;
  /** Processes the child left running after it exited, which were then killed. */
  leftovers: number;
  /** Pids that survived SIGKILL for seconds. */
  stuck: number[];
}
