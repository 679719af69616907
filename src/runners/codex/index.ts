// The built-in Codex runner: `codex exec --json` with the strict core schema, the verb's sandbox,
// and the bridge's own MCP server switched off.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { strictCoreSchema } from '../../envelope/strict-schema.js';
import { readSetting } from '../../settings/read.js';
import { closestSupported, oneLevelLower } from '../../vocabulary.js';
import { defineRunner, type RunScope, type RunnerContext } from '../define-runner.js';
import { CODEX_VARIABLES, NETWORK_VARIABLES } from '../env-grants.js';
import type { Effort, RunRequest, RunResult } from '../types.js';
import { readCodexConfig } from '../../codex-config/index.js';
import { runAttempt } from './attempt.js';
import { effortCatalog } from './models.js';
import { refineCodexExecutable } from './executable.js';

export { estimateCost } from './attempt.js';

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

type Substitution = RunResult['effortSubstitution'];

interface FittedEffort {
  effort: Effort | undefined;
  substitution: Substitution;
}

/** The effort asked for, or the closest one the model lists when it does not list that one. */
function fitEffort(req: RunRequest, supported: Effort[] | null): FittedEffort {
  const effort = req.effort;
  if (!effort || !supported || supported.length === 0 || supported.includes(effort)) {
    return { effort, substitution: null };
  }
  const applied = closestSupported(effort, supported)!;
  const reason = `${req.model ?? 'the model'} accepts ${supported.join(', ')} (codex debug models)`;
  return { effort: applied, substitution: { requested: effort, applied, reason } };
}

/** The substitution after the model rejected `rejected` and the call was retried once at `lower`. */
function retriedSubstitution(earlier: Substitution, rejected: Effort, lower: Effort): Substitution {
  const reason = `the model rejected effort ${rejected}; retried once at ${lower}`;
  return {
    requested: earlier?.requested ?? rejected,
    applied: lower,
    reason: earlier ? `${earlier.reason}; ${reason}` : reason,
  };
}

function createCodex(ctx: RunnerContext) {
  // The granted variables as the child sees them, never the host's whole environment.
  const env = ctx.env;
  const catalogSource = () => ({ executable: ctx.executables.codex!, codexHome: readSetting('CODEX_HOME', env) });

  async function supportedEfforts(model: string | undefined, scope: RunScope): Promise<Effort[] | null> {
    const catalog = await effortCatalog(catalogSource(), scope);
    const name = model ?? readCodexConfig({ env, cwd: scope.workspace }).model;
    return (name && catalog?.get(name)) || null;
  }

  async function run(req: RunRequest, scope: RunScope): Promise<RunResult> {
    const dir = await scope.tempDir();
    const schemaFile = path.join(dir, 'core.schema.json');
    await writeFile(schemaFile, JSON.stringify(strictCoreSchema()));
    const supported = req.effort ? await supportedEfforts(req.model, scope).catch(() => null) : null;
    const { effort, substitution } = fitEffort(req, supported);
    const lower = effort && req.verb !== 'implement' ? oneLevelLower(effort, supported) : null;
    const first = await runAttempt(ctx, req, scope, { schemaFile, effort, canRetry: lower !== null });
    const { result, mapper } = first;
    if (lower && mapper.failure?.cause === 'unsupported-effort' && !result.aborted && !result.outputLimitHit) {
      const second = await runAttempt(ctx, req, scope, { schemaFile, effort: lower, canRetry: false });
      return { ...second.result, effortSubstitution: retriedSubstitution(substitution, effort!, lower) };
    }
    return { ...result, effortSubstitution: substitution };
  }

  return { supportedEfforts, run };
}

export default defineRunner({ manifest, create: createCodex });

/** Starts the native binary behind the npm package's Node wrapper script (one Node start-up less per call). */
export const refineExecutable = refineCodexExecutable;
