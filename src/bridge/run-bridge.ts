// runBridge: one bridge call, start to envelope. Bad input is rejected before anything starts;
// refusals and child failures are envelopes, never rejections. The ledger start is on disk before
// the child is spawned and the settlement follows the envelope.
import type { PublicEnvelope, RunMeta } from '../envelope/index.js';
import { resolveExecutable } from '../runners/executable.js';
import { loadRunner } from '../runners/load.js';
import { BUILT_IN_RUNNERS } from '../runners/resolve.js';
import type { Runner } from '../runners/types.js';
import { describeStateProblems, stateFailureCause, stateProblems } from '../state/health.js';
import { Ledger, RunIdTaken } from '../state/ledger.js';
import { scheduleRetention } from '../state/retention.js';
import { removeStartSnapshot } from '../state/start-snapshot.js';
import { takeSnapshot } from '../state/workspace-snapshot.js';
import { openTranscript } from '../state/transcript.js';
import { isVerb, VERBS, type Verb } from '../vocabulary.js';
import { lockDirInfo } from '../fs/lock-dir.js';
import { admit, progressRelay, type QueueTime } from './admission.js';
import { resolveBudget } from './budget.js';
import { retentionOf } from './retention-setting.js';
import { decideDepth, depthLimit, inheritedDepth } from './depth.js';
import { direction as directionOf } from './direction.js';
import { decideEffort, mergeSubstitution } from './effort.js';
import { BridgeError } from './errors.js';
import { peerWorkbench } from './peer-workbench.js';
import { buildPrompt, checkPromptSize } from './prompt.js';
import { runChild } from './run-child.js';
import { checkRunId, newRunId } from './run-id.js';
import { taskPreview } from './task-preview.js';
import { recordChange, recordStart } from './workspace-watch.js';
import type { BridgeContext, RunBridgeOptions } from './types.js';
import { resolveWorkspace, writeRefusal } from './workspace.js';
import { maxWriters } from './writer-setting.js';

const WORKBENCH_RUNNERS: readonly string[] = ['claude', 'codex'];
export const DEFAULT_RUNNER = 'codex';
/** Total child output before the tree is stopped (override: PEER_BRIDGE_MAX_OUTPUT_BYTES). */
export const DEFAULT_MAX_OUTPUT_BYTES = 32 * 1024 * 1024;
const MAX_LINE_BYTES = 4 * 1024 * 1024;
const DEFAULT_HEARTBEAT_MS = 5000;

// What builds envelopes (the compiled validators are the largest part of a call's code) is not
// needed to start the child: it loads on the child's first event, while the child works, or when
// a refusal needs it, and its validators are compiled then too (warmValidators). Once per process.
let finishing:
  | Promise<{
      harnessEnvelope: typeof import('../envelope/index.js').harnessEnvelope;
      envelopeForOutcome: typeof import('./outcome.js').envelopeForOutcome;
    }>
  | undefined;
function envelopeBuilders() {
  finishing ??= Promise.all([import('../envelope/index.js'), import('./outcome.js')]).then(([envelope, outcome]) => {
    envelope.warmValidators();
    return { harnessEnvelope: envelope.harnessEnvelope, envelopeForOutcome: outcome.envelopeForOutcome };
  });
  return finishing;
}
const harnessEnvelope: typeof import('../envelope/index.js').harnessEnvelope = async (input) =>
  (await envelopeBuilders()).harnessEnvelope(input);

// A promise's outcome as a value, so it can be started early and awaited (or not) later.
function settled<T>(work: Promise<T>): Promise<{ value: T } | { error: unknown }> {
  return work.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

function positiveInteger(raw: string | undefined): number | undefined {
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

// A heartbeat period a timer can hold: Node runs longer intervals every 1 ms.
function heartbeatMs(env: NodeJS.ProcessEnv): number {
  const value = positiveInteger(env.PEER_BRIDGE_HEARTBEAT_MS);
  return value !== undefined && value <= 2 ** 31 - 1 ? value : DEFAULT_HEARTBEAT_MS;
}

/** How long a peer may fail to reach its model before the call ends (override: PEER_BRIDGE_UNREACHABLE_MS, 0 = never). */
export const DEFAULT_UNREACHABLE_MS = 20_000;

function unreachableMs(env: NodeJS.ProcessEnv): number {
  if (env.PEER_BRIDGE_UNREACHABLE_MS?.trim() === '0') return 0;
  const value = positiveInteger(env.PEER_BRIDGE_UNREACHABLE_MS);
  return value !== undefined && value <= 2 ** 31 - 1 ? value : DEFAULT_UNREACHABLE_MS;
}

function outputCap(env: NodeJS.ProcessEnv): number {
  return positiveInteger(env.PEER_BRIDGE_MAX_OUTPUT_BYTES) ?? DEFAULT_MAX_OUTPUT_BYTES;
}

function checkInput(options: RunBridgeOptions): { verb: Verb; task: string } {
  if (!isVerb(options.verb)) {
    throw new BridgeError(
      'invalid_arguments',
      `verb must be one of ${VERBS.join(', ')}, got ${JSON.stringify(options.verb)}`,
      { field: 'verb' },
    );
  }
  if (typeof options.task !== 'string' || options.task.trim() === '') {
    throw new BridgeError('invalid_arguments', 'task must be a non-empty string saying what the peer should do', {
      field: 'task',
    });
  }
  if (options.model !== undefined && (typeof options.model !== 'string' || options.model === '')) {
    throw new BridgeError('invalid_arguments', 'model must be a non-empty string', { field: 'model' });
  }
  // Both reach the child as command-line arguments, which cannot hold a NUL character.
  for (const field of ['task', 'model'] as const) {
    if (options[field]?.includes('\u0000')) {
      throw new BridgeError('invalid_arguments', `${field} must not contain a NUL character (\\u0000)`, { field });
    }
  }
  return { verb: options.verb, task: options.task };
}

// `codex` when it is installed (or PEER_BRIDGE_CODEX_BIN names it, even wrongly: that mistake is
// reported, not bypassed), else `claude` when that is, else `codex` (whose load then fails with a
// spawn envelope that says how to install it).
export function defaultRunner(env: NodeJS.ProcessEnv = process.env): string {
  if (env.PEER_BRIDGE_CODEX_BIN) return DEFAULT_RUNNER;
  const installed = (command: string) => {
    try {
      resolveExecutable(command, env);
      return true;
    } catch {
      return false;
    }
  };
  if (installed(DEFAULT_RUNNER)) return DEFAULT_RUNNER;
  return installed('claude') ? 'claude' : DEFAULT_RUNNER;
}

// The runner's id before it is loaded: built-in names as they are, plugin paths by file name.
function provisionalRunnerId(spec: string): string {
  return spec === 'codex' || spec === 'claude' ? spec : (spec.split(/[\\/]/).at(-1) ?? spec).replace(/\.[cm]?js$/, '');
}

/**
 * Runs one bridge call and resolves to the validated public envelope. Rejects only with a
 * `BridgeError` for bad input (unknown verb, empty task, bad effort or budget, missing workspace);
 * depth refusals, unavailable runners, timeouts, crashes, invalid answers and cancellation all
 * resolve to envelopes.
 */
export async function runBridge(options: RunBridgeOptions, context: BridgeContext = {}): Promise<PublicEnvelope> {
  // What the call holds once admitted (its writer turn, its peer slot) is given back however it ends.
  const held = { release: () => undefined as void };
  try {
    return await runAdmitted(options, context, held);
  } finally {
    held.release();
  }
}

async function runAdmitted(
  options: RunBridgeOptions,
  context: BridgeContext,
  held: { release: () => void },
): Promise<PublicEnvelope> {
  const env = context.env ?? process.env;
  const { verb, task } = checkInput(options);
  const workspace = resolveWorkspace(options.workspace);
  const runId = checkRunId(options.run_id ?? newRunId());
  const budget = resolveBudget(verb, options.timeout_seconds, context.maxBudgetSeconds?.[verb]);
  const offered = peerWorkbench(verb, workspace, env);
  checkPromptSize(buildPrompt(verb, task, budget.seconds, offered !== null), task);
  const limit = depthLimit(env);
  const writers = maxWriters(env);
  const depth = decideDepth(options.depth, inheritedDepth(env), limit);
  const retention = retentionOf(env);
  decideEffort(options.effort, options.supported_efforts, null); // rejects bad levels before anything starts
  const spec = options.runner ?? defaultRunner(env);
  const caller = context.caller ?? 'api';
  const ledger = new Ledger(workspace);
  // A built-in runner loads while the state is checked (it touches nothing in the workspace); its
  // failure is reported below, after the refusals that come first. A plugin's code is imported
  // only once the call is known to start.
  const loadOptions = { workspace, ...(context.configPath ? { configPath: context.configPath } : {}) };
  const loadingBuiltIn = (BUILT_IN_RUNNERS as readonly string[]).includes(spec)
    ? settled(loadRunner(spec, loadOptions))
    : undefined;
  const runIdTaken = () =>
    new BridgeError(
      'invalid_arguments',
      `run_id ${JSON.stringify(runId)} was already used in this workspace; pick a new one or leave it out`,
      { field: 'run_id' },
    );
  // A peer may have broken .peer-bridge/ (it can write in the workspace): such a call gets a
  // state-unusable envelope naming the path and the fix, never a raw error.
  const problems = await stateProblems(workspace);
  let unusable = problems.length > 0 ? describeStateProblems(problems) : null;
  if (!unusable && options.run_id !== undefined) {
    const taken = await ledger.has(runId).catch(async (error: unknown) => {
      unusable = await stateFailureCause(workspace, error);
      if (!unusable) throw error;
      return false;
    });
    if (taken) throw runIdTaken();
  }
  const maxOutputBytes = outputCap(env);

  const meta: RunMeta = {
    transcript: openTranscript({ workspace, runId }),
    verb,
    direction: directionOf(caller, provisionalRunnerId(spec)),
    runner: provisionalRunnerId(spec),
    depth: depth.depth,
    model: null,
    effort: null,
    ...(context.reminder ? { reminder: context.reminder } : {}),
    incident: { budget_seconds: budget.seconds, depth_limit: limit },
  };
  meta.transcript.write({
    type: 'bridge.call',
    verb,
    runner: spec,
    model: options.model ?? null,
    effort: options.effort ?? null,
    budget_seconds: budget.seconds,
    depth: depth.depth,
    direction: meta.direction,
    task,
  });

  const stateRefusal = async (cause: string) => {
    await meta.transcript.discard();
    return harnessEnvelope({ fault: 'state-unusable', cause, meta });
  };
  if (unusable) return stateRefusal(unusable);

  // Calls that never start: an explicit envelope and a ledger result (the envelope goes out even
  // when the result cannot be written).
  const neverStarted = async (envelope: PublicEnvelope, code: string, reason: string, waited?: QueueTime) => {
    await ledger
      .result({
        ...(waited ? { queued_seconds: waited.queued_seconds } : {}),
        run_id: runId,
        tool: verb,
        status: envelope.status,
        code,
        reason: reason.slice(0, 500),
        direction: envelope.direction,
        task_preview: taskPreview(task),
        runner: meta.runner,
        incident: envelope.incident,
      })
      .catch((error: unknown) =>
        process.emitWarning(`peer-bridge: could not record run ${runId} in the ledger: ${String(error)}`),
      );
    return envelope;
  };
  if (depth.refusal) {
    return neverStarted(
      await harnessEnvelope({ fault: 'recursion', cause: depth.refusal, meta }),
      'recursion-depth',
      depth.refusal,
    );
  }
  const unsafe = writeRefusal(verb, workspace);
  if (unsafe)
    return neverStarted(
      await harnessEnvelope({ fault: 'unsafe-workspace', cause: unsafe, meta }),
      'unsafe-workspace',
      unsafe,
    );

  // Admission: the writer turn (implement) and a peer slot (a server's pool), with progress while
  // the call waits. The budget starts with the peer, after it.
  const relay = progressRelay(options.onProgress, runId, budget.seconds);
  const admission = await admit({
    verb,
    runId,
    workspace,
    pool: context.pool,
    maxWriters: writers,
    lockDir: lockDirInfo(undefined, env),
    signal: options.signal,
    heartbeatMs: context.heartbeatMs ?? heartbeatMs(env),
    say: relay.say,
  }).catch(async (error: unknown) => {
    await meta.transcript.discard();
    throw error;
  });
  if (admission.waited) meta.transcript.write({ type: 'bridge.queued', ...admission.waited });
  if (!admission.admitted) {
    const waited = admission.waited.queued_seconds;
    const cause = `cancelled: the caller cancelled the call after ${waited} s in the queue; no peer was started`;
    return neverStarted(
      await harnessEnvelope({ fault: 'cancelled', cause, meta }),
      'cancelled',
      cause,
      admission.waited,
    );
  }
  held.release = admission.release;

  // From here on the call starts unless its runner cannot load. Before the runner is awaited,
  // what the workspace holds is snapshotted (read-only; it skips the state folder, which the ledger
  // writes meanwhile) and this process registers as an owner (the liveness lock its start record
  // names; a call whose runner then fails to load only leaves this process registered, as a
  // server is anyway and `peer-bridge run` retires at exit).
  const snapshotting = takeSnapshot(workspace);
  ledger.owner().catch(() => undefined); // a failure shows in ledger.start, which tries again
  const loaded = await (loadingBuiltIn ?? settled(loadRunner(spec, loadOptions)));
  let runner: Runner;
  try {
    if ('error' in loaded) throw loaded.error;
    runner = loaded.value;
  } catch (error) {
    await snapshotting; // no git child outlives the call
    const cause = `spawn: runner ${JSON.stringify(spec)} could not be loaded: ${(error as Error).message}`;
    return neverStarted(
      await harnessEnvelope({ fault: 'spawn', cause, meta }),
      (error as { code?: string }).code ?? 'runner_unavailable',
      cause,
    );
  }
  meta.runner = runner.id;
  meta.direction = directionOf(caller, runner.id);
  // Only the built-in runners hand the workbench to their CLI; a plugin's peer is not told of it.
  const workbench = offered && WORKBENCH_RUNNERS.includes(runner.id) ? offered : null;
  const prompt = buildPrompt(verb, task, budget.seconds, workbench !== null);

  const wantsRunnerLevels = options.effort !== undefined && options.supported_efforts === undefined;
  const runnerLevels = wantsRunnerLevels ? await runner.supportedEfforts(options.model).catch(() => null) : null;
  const effort = decideEffort(options.effort, options.supported_efforts, runnerLevels);
  meta.effort = effort.applied ?? null;
  meta.effort_substituted = effort.substituted;

  // Checked again under the ledger lock: a concurrent call may have taken the same run_id since.
  const started = await ledger
    .start(
      {
        run_id: runId,
        verb,
        runner: runner.id,
        direction: meta.direction,
        budget_seconds: budget.seconds,
        depth: depth.depth,
        task_preview: taskPreview(task),
        ...(admission.waited ? { queued_seconds: admission.waited.queued_seconds } : {}),
      },
      { fresh: options.run_id !== undefined },
    )
    .then(
      () => null,
      async (error: unknown) => {
        // The call does not start: nothing of it may stay behind, not even its partial transcript.
        await meta.transcript.discard();
        if (error instanceof RunIdTaken) throw runIdTaken();
        const cause = await stateFailureCause(workspace, error);
        if (!cause) throw error;
        return cause;
      },
    );
  if (started !== null) return stateRefusal(started);
  const before = await recordStart(workspace, runId, await snapshotting, meta.transcript);
  let envelope: PublicEnvelope;
  try {
    const outcome = await runChild({
      runner,
      request: {
        verb,
        prompt,
        workspace,
        ...(options.model ? { model: options.model } : {}),
        ...(effort.applied ? { effort: effort.applied } : {}),
        depth: depth.childDepth,
        ...(workbench ? { workbench } : {}),
        limits: { maxOutputBytes, maxLineBytes: Math.min(MAX_LINE_BYTES, maxOutputBytes) },
      },
      runId,
      budgetSeconds: budget.seconds,
      cutoffMs: budget.cutoffMs,
      heartbeatMs: context.heartbeatMs ?? heartbeatMs(env),
      unreachableMs: unreachableMs(env),
      signal: options.signal,
      record: (event) => {
        meta.transcript.write(event);
        // A failed load is reported where the builders are awaited, after the child.
        envelopeBuilders().catch(() => undefined);
      },
      onProgress: relay.peer,
    });
    const result = outcome.result;
    meta.model = result?.model ?? outcome.model ?? null; // as the runner reported it, never the request
    meta.session_id = result?.sessionId ?? outcome.sessionId;
    if (result?.effortApplied) meta.effort = result.effortApplied;
    meta.effort_substituted = mergeSubstitution(effort.substituted, result?.effortSubstitution);
    meta.cost = outcome.usage?.cost_usd ?? null;
    meta.tokens = outcome.usage?.tokens ?? {};
    meta.duration_seconds = Math.round(outcome.durationMs) / 1000;
    const change = await recordChange(workspace, before, outcome.final?.answer, meta.transcript);
    meta.incident = {
      ...meta.incident,
      exit_code: result?.exitCode ?? null,
      signal: result?.signal ?? null,
      stderr_tail: result?.stderrTail ?? outcome.failure?.stack ?? null,
      output_limit_bytes: result?.outputLimitHit ? maxOutputBytes : null,
      workspace_change: change,
    };
    envelope = await (
      await envelopeBuilders()
    ).envelopeForOutcome(outcome, meta, { budgetSeconds: budget.seconds, cutoffMs: budget.cutoffMs, maxOutputBytes });
  } catch (error) {
    // A harness bug must still settle the call and give the caller an envelope.
    envelope = await harnessEnvelope({
      fault: 'invalid-envelope',
      cause: `peer-bridge failed while finishing the call: ${(error as Error).message}`,
      meta,
    });
  }
  // The caller gets its envelope even if the settlement cannot be written; the next server start
  // then settles the call as unknown.
  await ledger
    .settle({
      run_id: runId,
      status: envelope.status,
      incident: envelope.incident,
      duration_seconds: envelope.duration_seconds,
      // What the run history (`peer-bridge runs --html`) totals without opening every transcript.
      model: envelope.model,
      effort: envelope.effort,
      effort_substituted: envelope.effort_substituted,
      cost: envelope.cost,
      tokens: envelope.tokens,
    })
    .catch((error: unknown) =>
      process.emitWarning(`peer-bridge: could not settle run ${runId} in the ledger: ${String(error)}`),
    );
  await removeStartSnapshot(workspace, runId);
  // Older transcripts and incidents past the limits go now, in the background: the caller has
  // what it needs, and the pass never touches a call still open.
  scheduleRetention(workspace, retention);
  return envelope;
}
