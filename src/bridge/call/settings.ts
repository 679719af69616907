// The settings phase: a call's arguments and environment, checked and parsed in the order callers
// have always seen their errors (a BridgeError; nothing is written before this passes).
import { resolveBudget } from '../budget.js';
import { decideDepth, depthLimit, inheritedDepth } from '../depth.js';
import { decideEffort } from '../effort.js';
import { peerWorkbench } from '../peer-workbench.js';
import { buildPrompt, checkPromptSize } from '../prompt.js';
import { retentionOf } from '../retention-setting.js';
import { checkRunId, newRunId } from '../run-id.js';
import type { BridgeContext, RunBridgeOptions } from '../types.js';
import { resolveWorkspace } from '../workspace.js';
import { maxWriters } from '../writer-setting.js';
import {
  checkReaperSetting,
  checkSpawnThreadSetting,
  heartbeatMs,
  outputCap,
  peerNiceSetting,
  unreachableMs,
} from './child-limits.js';
import { defaultRunner } from './default-runner.js';
import { checkInput } from './input.js';
import type { CallSettings } from './types.js';
import { hostEnv } from '../../settings/env.js';

export function callSettings(options: RunBridgeOptions, context: BridgeContext): CallSettings {
  const env = context.env ?? hostEnv();
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
  peerNiceSetting(env); // the spawn reads it; a bad value is refused here, before anything starts
  checkReaperSetting(env);
  checkSpawnThreadSetting(env);
  decideEffort(options.effort, options.supported_efforts, null); // rejects bad levels before anything starts
  return {
    options,
    context,
    env,
    verb,
    task,
    workspace,
    runId,
    budget,
    offered,
    depthLimit: limit,
    depth,
    maxWriters: writers,
    retention,
    spec: options.runner ?? defaultRunner(env),
    caller: context.caller ?? 'api',
    loadOptions: { workspace, ...(context.configPath ? { configPath: context.configPath } : {}) },
    maxOutputBytes: outputCap(env),
    heartbeatMs: context.heartbeatMs ?? heartbeatMs(env),
    unreachableMs: unreachableMs(env),
  };
}
