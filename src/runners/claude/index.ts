// The built-in Claude Code runner: `claude -p --output-format stream-json --verbose` with the
// strict core schema as --json-schema, the verb's permission mode, and no MCP servers.
import { strictCoreSchema } from '../../envelope/strict-schema.js';
import { closestSupported } from '../../vocabulary.js';
import { defineRunner, type RunScope, type RunnerContext } from '../define-runner.js';
import { CLAUDE_VARIABLES, NETWORK_VARIABLES } from '../env-grants.js';
import { spawnFailure, stderrLines } from '../spawn-failure.js';
import type { Effort, RunRequest, RunResult, RunnerEvent } from '../types.js';
import { claudeArgs, CLAUDE_EFFORTS } from './args.js';
import { ClaudeEventMapper } from './events.js';
import { refineClaudeExecutable } from './executable.js';

const manifest = {
  id: 'claude',
  apiVersion: 1 as const,
  description: 'Anthropic Claude Code CLI (claude -p --output-format stream-json)',
  permissions: {
    run: ['claude'],
    env: [...CLAUDE_VARIABLES, ...NETWORK_VARIABLES],
    read: ['${workspace}'],
    write: ['${workspace}'],
  },
  workbench: true,
};

/** Built-ins only: the host passes each resolved executable through this at load. */
export const refineExecutable = refineClaudeExecutable;

/**
 * Makes Claude Code wait for the peer workbench before its first model request. In `-p` mode the
 * CLI connects its MCP servers "fully async": the first request goes out with whatever servers are
 * up by then, and on a busy machine the workbench (a Node process) is not, so the peer starts with
 * no tool to edit with (its own edit tools are off). MCP_CONNECTION_NONBLOCKING=0 makes it wait, up
 * to MCP_CONNECT_TIMEOUT_MS (the CLI's default: 5 s); that wait is set to as long as the CLI lets a
 * server start at all (MCP_TIMEOUT, default 30 s). It ends as soon as the workbench is up or has
 * failed. A user's own setting of either variable is kept.
 */
export function workbenchWaitEnv(env: Readonly<Record<string, string>>): Record<string, string> {
  const start = Number(env.MCP_TIMEOUT);
  return {
    ...(env.MCP_CONNECTION_NONBLOCKING ? {} : { MCP_CONNECTION_NONBLOCKING: '0' }),
    ...(env.MCP_CONNECT_TIMEOUT_MS
      ? {}
      : { MCP_CONNECT_TIMEOUT_MS: String(Number.isInteger(start) && start > 0 ? start : 30_000) }),
  };
}

function createClaude(ctx: RunnerContext) {
  // Whatever the model: the Claude CLI has no per-model list to ask (unlike `codex debug models`),
  // so this is what its --effort flag accepts, and a model's own limits are the CLI's to apply.
  async function supportedEfforts(): Promise<Effort[] | null> {
    return [...CLAUDE_EFFORTS];
  }

  async function run(req: RunRequest, scope: RunScope): Promise<RunResult> {
    let effort = req.effort;
    let substitution: RunResult['effortSubstitution'] = null;
    if (effort && !CLAUDE_EFFORTS.includes(effort)) {
      const applied = closestSupported(effort, CLAUDE_EFFORTS)!;
      substitution = { requested: effort, applied, reason: `claude --effort accepts ${CLAUDE_EFFORTS.join(', ')}` };
      effort = applied;
    }
    const mapper = new ClaudeEventMapper();
    let fatalSeen = false;
    const emit = (event: RunnerEvent) => {
      if (event.type === 'error' && event.fatal) fatalSeen = true;
      req.onEvent(event);
    };
    const args = claudeArgs({
      verb: req.verb,
      prompt: req.prompt,
      schema: strictCoreSchema(),
      ...(req.model ? { model: req.model } : {}),
      ...(effort ? { effort } : {}),
      ...(req.workbench ? { workbench: req.workbench } : {}),
    });
    const spawned = await scope.spawn('claude', args, {
      ...(req.workbench ? { env: workbenchWaitEnv(ctx.env) } : {}),
      onLine(line) {
        for (const event of mapper.map(line)) emit(event);
      },
    });
    const failure = spawnFailure('claude', spawned);
    if (failure) {
      emit(failure);
    } else if (!mapper.done && !fatalSeen) {
      const tail = stderrLines(spawned);
      emit({
        type: 'error',
        message: `claude exited with ${spawned.exitCode ?? spawned.signal} and no result${tail ? `: ${tail}` : ''}`,
        fatal: true,
        cause: 'child-exit',
      });
    }
    return {
      exitCode: spawned.exitCode,
      signal: spawned.signal,
      stderrTail: spawned.stderrTail,
      outputLimitHit: spawned.outputLimitHit,
      aborted: spawned.aborted,
      lastAgentMessage: mapper.lastAgentMessage,
      model: mapper.model,
      sessionId: mapper.sessionId,
      ...(effort ? { effortApplied: effort } : {}),
      effortSubstitution: substitution,
    };
  }

  return { supportedEfforts, run };
}

export default defineRunner({ manifest, create: createClaude });
