// The built-in Codex runner: `codex exec --json` with the strict core schema, the verb's sandbox,
// and the bridge's own MCP server switched off.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strictCoreSchema } from '../../envelope/strict-schema.js';
import { closestSupported, oneLevelLower } from '../../vocabulary.js';
import { defineRunner, type RunScope, type RunnerContext } from '../define-runner.js';
import { tryParseJson } from '../digest.js';
import { spawnFailure, stderrLines } from '../spawn-failure.js';
import { CODEX_VARIABLES, NETWORK_VARIABLES } from '../env-grants.js';
import type { ModelPrice } from '../config.js';
import type { Effort, RunRequest, RunResult, RunnerEvent } from '../types.js';
import { codexArgs } from './args.js';
import { CodexEventMapper } from './events.js';
import { readCodexConfig } from '../../codex-config/index.js';
import { childServerArgs, workbenchServerArgs } from './mcp-config.js';
import { effortCatalog } from './models.js';
import { refineCodexExecutable } from './executable.js';

const manifest = {
  id: 'codex',
  apiVersion: 1 as const,
  description: 'OpenAI Codex CLI (codex exec --json)',
  permissions: {
    run: ['codex'],
    env: [...CODEX_VARIABLES, ...NETWORK_VARIABLES],
    read: ['${workspace}'],
    write: ['${workspace}'],
  },
  workbench: true,
};

/** USD estimate from a user price table (OpenAI counts cached input inside input_tokens). */
export function estimateCost(tokens: Record<string, number>, price: ModelPrice | undefined): number | null {
  if (!price) return null;
  const input = tokens.input_tokens ?? 0;
  const cached = Math.min(tokens.cached_input_tokens ?? 0, input);
  const output = tokens.output_tokens ?? 0;
  return ((input - cached) * price.input + cached * (price.cached_input ?? price.input) + output * price.output) / 1e6;
}

interface Attempt {
  result: RunResult;
  mapper: CodexEventMapper;
}

// The command line of one attempt, the model it runs, and what in Codex's configuration would
// stop it (its own parse error spans several lines; the reader's names file, line and column).
// Read at each attempt, as Codex reads it at each start, with the child's environment and folder.
function commandLine(
  env: Readonly<Record<string, string>>,
  req: RunRequest,
  schemaFile: string,
  effort: Effort | undefined,
) {
  const config = readCodexConfig({ env, cwd: req.workspace });
  const args = codexArgs({
    verb: req.verb,
    prompt: req.prompt,
    schemaFile,
    serverOverrides: childServerArgs(config, req.depth),
    ...(req.workbench ? { workbenchMcp: workbenchServerArgs(req.workbench) } : {}),
    ...(req.model ? { model: req.model } : {}),
    ...(effort ? { effort } : {}),
  });
  return { args, model: req.model ?? config.model, problem: config.problems[0] ?? null };
}

function createCodex(ctx: RunnerContext) {
  // The granted variables as the child sees them, never the host's whole environment.
  const env = ctx.env;
  const catalogSource = () => ({ executable: ctx.executables.codex!, codexHome: env.CODEX_HOME });

  async function supportedEfforts(model: string | undefined, scope: RunScope): Promise<Effort[] | null> {
    const catalog = await effortCatalog(catalogSource(), scope);
    const name = model ?? readCodexConfig({ env, cwd: scope.workspace }).model;
    return (name && catalog?.get(name)) || null;
  }

  async function attempt(
    req: RunRequest,
    scope: RunScope,
    schemaFile: string,
    effort: Effort | undefined,
    canRetry: boolean,
  ): Promise<Attempt> {
    const mapper = new CodexEventMapper();
    const { args, model, problem } = commandLine(env, req, schemaFile, effort);
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
      exitCode: spawned.exitCode,
      signal: spawned.signal,
      stderrTail: spawned.stderrTail,
      outputLimitHit: spawned.outputLimitHit,
      aborted: spawned.aborted,
      // Codex does not name its model in --json; once its thread started, it runs the one asked for.
      lastAgentMessage: mapper.lastAgentMessage,
      model: mapper.threadId ? model : null,
      sessionId: mapper.threadId,
      ...(effort ? { effortApplied: effort } : {}),
    };
    if (mapper.tokens) {
      const cost = estimateCost(mapper.tokens, model ? ctx.config.priceTable[model] : undefined);
      emit({ type: 'usage', tokens: mapper.tokens, cost_usd: cost, cost_source: cost === null ? null : 'estimated' });
    }
    const failure = spawnFailure('codex', spawned);
    if (failure) {
      emit(failure);
    } else if (mapper.failure) {
      const retrying = canRetry && mapper.failure.cause === 'unsupported-effort';
      emit({
        type: 'error',
        message: retrying ? `${mapper.failure.message} (retrying one effort level lower)` : mapper.failure.message,
        fatal: !retrying,
        cause: mapper.failure.cause,
      });
    } else if (spawned.exitCode !== 0 || mapper.lastAgentMessage === null) {
      const tail = [problem, stderrLines(spawned)].filter(Boolean).join('; ');
      emit({
        type: 'error',
        message: `codex exited with ${spawned.exitCode ?? spawned.signal} and no answer${tail ? `: ${tail}` : ''}`,
        fatal: true,
        cause: 'child-exit',
      });
    } else {
      const text = mapper.lastAgentMessage;
      const parsed = tryParseJson(text);
      emit({ type: 'final', answer: parsed === undefined ? null : parsed, text });
    }
    return { result, mapper };
  }

  async function run(req: RunRequest, scope: RunScope): Promise<RunResult> {
    const dir = await scope.tempDir();
    const schemaFile = path.join(dir, 'core.schema.json');
    await writeFile(schemaFile, JSON.stringify(strictCoreSchema()));
    let effort = req.effort;
    let substitution: RunResult['effortSubstitution'] = null;
    let supported: Effort[] | null = null;
    if (effort) {
      supported = await supportedEfforts(req.model, scope).catch(() => null);
      if (supported && supported.length > 0 && !supported.includes(effort)) {
        const applied = closestSupported(effort, supported)!;
        substitution = {
          requested: effort,
          applied,
          reason: `${req.model ?? 'the model'} accepts ${supported.join(', ')} (codex debug models)`,
        };
        effort = applied;
      }
    }
    const lower = effort && req.verb !== 'implement' ? oneLevelLower(effort, supported) : null;
    const first = await attempt(req, scope, schemaFile, effort, lower !== null);
    let { result } = first;
    const { mapper } = first;
    if (lower && mapper.failure?.cause === 'unsupported-effort' && !result.aborted && !result.outputLimitHit) {
      const rejected = effort!;
      ({ result } = await attempt(req, scope, schemaFile, lower, false));
      substitution = {
        requested: substitution?.requested ?? rejected,
        applied: lower,
        reason: `${substitution ? `${substitution.reason}; ` : ''}the model rejected effort ${rejected}; retried once at ${lower}`,
      };
    }
    return { ...result, effortSubstitution: substitution };
  }

  return { supportedEfforts, run };
}

export default defineRunner({ manifest, create: createCodex });

/** Starts the native binary behind the npm package's Node wrapper script (one Node start-up less per call). */
export const refineExecutable = refineCodexExecutable;
