// What tool calls need (validators, the runner host, the ledger) loads on first use, or right
// after the first tools/list, so the server answers initialize and tools/list without it.
let callModules:
  | Promise<{
      runBridge: typeof import('../bridge/run-bridge.js').runBridge;
      Ledger: typeof import('../state/ledger.js').Ledger;
      toolInputValidator: typeof import('../envelope/index.js').toolInputValidator;
      bridgeStatus: typeof import('./status.js').bridgeStatus;
    }>
  | undefined;

export function loadCallModules() {
  callModules ??= Promise.all([
    import('../bridge/run-bridge.js'),
    import('../state/ledger.js'),
    import('../envelope/index.js'),
    import('./status.js'),
    import('../supervisor/start-process.js'),
  ]).then(([run, ledger, envelope, status, starts]) => {
    // A server runs calls side by side: its processes start off the event loop from the first.
    starts.preferSpawnThread();
    return {
      runBridge: run.runBridge,
      Ledger: ledger.Ledger,
      toolInputValidator: envelope.toolInputValidator,
      bridgeStatus: status.bridgeStatus,
    };
  });
  return callModules;
}

export type CallModules = Awaited<ReturnType<typeof loadCallModules>>;
