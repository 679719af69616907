// One `codex exec` attempt: its command line read from Codex's configuration, the child run with its
// events mapped as they come, and the one closing event that says how it ended.
import { readCodexConfig } from '../../codex-config/index.js';
import type { RunScope, RunnerContext } from '../define-runner.js';
import { tryParseJson } from '../digest.js';
import { processEnd, spawnFailure, stderrLines } from '../spawn-failure.js';
import type { SpawnResult } from '../../supervisor/spawn.js';
import type { ModelPrice } from '../config.js';
import type { Effort, RunRequest, RunResult, RunnerEvent } from '../types.js';
import { codexArgs } from './args.js';
import { CodexEventMapper } from './events.js';
import { childServerArgs, workbenchServerArgs } from './mcp-config.js';

export interface Attempt {
  result: RunResult;
  mapper: CodexEventMapper;
}

/** What one attempt runs: its schema file, its effort, and whether a rejected effort will be retried. */
export interface AttemptPlan {
  schemaFile: string;
  effort: Effort | undefined;
  canRetry: boolean;
}

/** USD estimate from a user price table (OpenAI counts cached input inside input_tokens). */
export function estimateCost(tokens: Record<string, number>, price: ModelPrice | undefined): number | null {
  if (!price) return null;
  const input = tokens.input_tokens ?? 0;
  const cached = Math.min(tokens.cached_input_tokens ?? 0, input);
  const output = tokens.output_tokens ?? 0;
  return ((input - cached) * price.input + cached * (price.cached_input ?? price.input) + output * price.output) / 1e6;
}

// The command line of one attempt, the model it runs, and what in Codex's configuration would
// stop it (its own parse error spans several lines; the reader's names file, line and column).
// Read at each attempt, as Codex reads it at each start, with the child's environment and folder.
function commandLine(env: Readonly<Record<string, string>>, req: RunRequest, plan: AttemptPlan) {
  const config = readCodexConfig({ env, cwd: req.workspace });
  const args = codexArgs({
    verb: req.verb,
    prompt: req.prompt,
    schemaFile: plan.schemaFile,
    serverOverrides: childServerArgs(config, req.depth),
    ...(req.workbench ? { workbenchMcp: workbenchServerArgs(req.workbench) } : {}),
    ...(req.model ? { model: req.model } : {}),
    ...(plan.effort ? { effort: plan.effort } : {}),
  });
  return { args, model: req.model ?? config.model, problem: config.problems[0] ?? null };
}

/**
 * The event that closes an attempt: a spawn failure, Codex's own failure (not fatal when a rejected
 * effort is about to be retried), an exit without an answer (with `problem`, the configuration's
 * first problem, as its likely cause), or the final answer.
 */
export function closingEvent(
  spawned: SpawnResult,
  mapper: CodexEventMapper,
  problem: string | null,
  canRetry: boolean,
): RunnerEvent {
  const failure = spawnFailure('codex', spawned);
  if (failure) return failure;
  if (mapper.failure) {
    const retrying = canRetry && mapper.failure.cause === 'unsupported-effort';
    return {
      type: 'error',
      message: retrying ? `${mapper.failure.message} (retrying one effort level lower)` : mapper.failure.message,
      fatal: !retrying,
      cause: mapper.failure.cause,
    };
  }
  if (spawned.exitCode !== 0 || mapper.lastAgentMessage === null) {
    const tail = [problem, stderrLines(spawned)].filter(Boolean).join('; ');
    return {
      type: 'error',
      message: `codex exited with ${spawned.exitCode ?? spawned.signal} and no answer${tail ? `: ${tail}` : ''}`,
      fatal: true,
      cause: 'child-exit',
    };
  }
  const text = mapper.lastAgentMessage;
  const parsed = tryParseJson(text);
  return { type: 'final', answer: parsed === undefined ? null : parsed, text };
}

/** Runs one attempt in `scope`, passing its events on to the request as they come. */
export async function runAttempt(
  ctx: RunnerContext,
  req: RunRequest,
  scope: RunScope,
  plan: AttemptPlan,
): Promise<Attempt> {
  const mapper = new CodexEventMapper();
  const { args, model, problem } = commandLine(ctx.env, req, plan);
  let sessionSent = false;
  const emit = (event: RunnerEvent) => req.onEvent(event);
  const spawned = await scope.spawn('codex', args, {
    onLine(line) {
      for (const event of mapper.map(line)) emit(event);
      if (!sessionSent && mapper.threadId) {
        sessionSent = true;
        emit({ type: 'session', session_id: mapper.threadId, model });
      }
    },
  });
  const result: RunResult = {
    ...processEnd(spawned),
    // Codex does not name its model in --json; once its thread started, it runs the one asked for.
    lastAgentMessage: mapper.lastAgentMessage,
    model: mapper.threadId ? model : null,
    sessionId: mapper.threadId,
    ...(plan.effort ? { effortApplied: plan.effort } : {}),
  };
  if (mapper.tokens) {
    const cost = estimateCost(mapper.tokens, model ? ctx.config.priceTable[model] : undefined);
    emit({ type: 'usage', tokens: mapper.tokens, cost_usd: cost, cost_source: cost === null ? null : 'estimated' });
  }
  emit(closingEvent(spawned, mapper, problem, plan.canRetry));
  return { result, mapper };
}
