// The end of a stdio server's session, the same for both surfaces (the bridge and the workbench):
// the client closing stdin, or SIGTERM/SIGINT, begins the stop once; the surface's shut-down runs
// (stop taking calls, drain those in flight, close), then the process exits.

/**
 * Arms the stop: `stdinEnded` (or a signal) runs `shutDown` once, then the process exits 0 once
 * stdout has taken every answer (pipes are asynchronous on some systems). `begun` says whether a
 * stop has started, for a server still starting up.
 */
export function onStdioStop(options: {
  stdinEnded: Promise<void>;
  shutDown: () => Promise<unknown>;
  log: (message: string) => void;
}): { begun: () => boolean } {
  let stopping = false;
  const stop = (why: string) => {
    if (stopping) return;
    stopping = true;
    options.log(`stopping (${why})`);
    void options.shutDown().finally(() => process.stdout.write('', () => process.exit(0)));
  };
  void options.stdinEnded.then(() => stop('stdin closed'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  return { begun: () => stopping };
}
