// @peer-bridge/runner-gemini: a peer-bridge runner plugin for Google's Gemini CLI. It runs
// `gemini -p --output-format stream-json` in the verb's approval mode and maps its lines to the
// runner event stream. Built on peer-bridge's public plugin interface only: the default export is
// a plain `{ manifest, create }`, so nothing of peer-bridge is imported at run time.
import { geminiArgs } from './args.js';
import { GeminiEventMapper } from './events.js';
import { peerHome } from './home.js';

/** What the runner asks the host for; the user's config must grant all of it (deny by default). */
export const manifest = Object.freeze({
  id: 'gemini',
  apiVersion: 1,
  description: 'Google Gemini CLI (gemini -p --output-format stream-json)',
  permissions: {
    run: ['gemini'],
    // GEMINI_* (GEMINI_API_KEY, GEMINI_CLI_HOME, GEMINI_MODEL…) and GOOGLE_* (GOOGLE_API_KEY,
    // GOOGLE_GEMINI_BASE_URL, Vertex AI's GOOGLE_CLOUD_PROJECT, GOOGLE_APPLICATION_CREDENTIALS…).
    env: [
      'GEMINI_*',
      'GOOGLE_*',
      'CLOUD_SHELL',
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
      'https_proxy',
      'http_proxy',
      'no_proxy',
      'NODE_EXTRA_CA_CERTS',
    ],
    read: ['${workspace}'],
    write: ['${workspace}'],
  },
  workbench: true,
});

/**
 * Thinking budgets (tokens) per effort level, applied through Gemini CLI's `modelConfigs` settings
 * for the model the call names (2.5 Pro accepts 128 to 32768).
 */
export const THINKING_BUDGETS = Object.freeze({ minimal: 128, low: 1024, medium: 8192, high: 24576, max: 32768 });
const LEVELS = Object.keys(THINKING_BUDGETS);

/** USD estimate from the user's price table (Gemini CLI reports tokens, not cost). */
export function estimateCost(tokens, price) {
  if (!price) return null;
  const input = tokens.input_tokens ?? 0;
  const cached = Math.min(tokens.cached_input_tokens ?? 0, input);
  const output = tokens.output_tokens ?? 0;
  return ((input - cached) * price.input + cached * (price.cached_input ?? price.input) + output * price.output) / 1e6;
}

// The error that ends a run without an answer, or null when the run answered.
function endingError(mapper, spawned, finalSeen) {
  if (spawned.spawnError) {
    return {
      type: 'error',
      message: `cannot start gemini: ${spawned.spawnError.message}`,
      fatal: true,
      cause: 'spawn',
    };
  }
  if (spawned.outputLimitHit) {
    return {
      type: 'error',
      message: 'gemini wrote more output than the cap allows',
      fatal: true,
      cause: 'output-limit',
    };
  }
  if (spawned.aborted) return { type: 'error', message: 'the run was aborted', fatal: true, cause: 'aborted' };
  if (mapper.failure)
    return { type: 'error', message: mapper.failure.message, fatal: true, cause: mapper.failure.cause };
  if (finalSeen) return null;
  const tail = spawned.stderrTail.trim().split('\n').slice(-3).join(' | ').slice(0, 400);
  const code = spawned.exitCode ?? spawned.signal;
  return {
    type: 'error',
    message: `gemini exited with ${code} and no result${tail ? `: ${tail}` : ''}`,
    fatal: true,
    cause: 'child-exit',
  };
}

/** @param {import('peer-bridge').RunnerContext} ctx @returns {import('peer-bridge').RunnerImplementation} */
function createGemini(ctx) {
  // Gemini CLI takes no effort on its command line; its settings take a thinking budget per model,
  // so a call that names its model gets these levels, one that does not gets none.
  async function supportedEfforts(model) {
    return model ? [...LEVELS] : null;
  }

  async function run(req, scope) {
    const budget = req.model && req.effort ? THINKING_BUDGETS[req.effort] : undefined;
    const thinking = budget ? { model: req.model, budget } : undefined;
    const home = await peerHome(await scope.tempDir(), {
      depth: req.depth,
      workbench: req.workbench,
      env: ctx.env,
      thinking,
    });
    const mapper = new GeminiEventMapper();
    let finalSeen = false;
    const emit = (event) => {
      if (event.type === 'final') finalSeen = true;
      req.onEvent(event);
    };
    const spawned = await scope.spawn('gemini', geminiArgs({ verb: req.verb, prompt: req.prompt, model: req.model }), {
      // GEMINI_CLI_NO_RELAUNCH: the CLI would start a second Node process only to raise its heap limit.
      env: { GEMINI_CLI_HOME: home, GEMINI_CLI_NO_RELAUNCH: 'true' },
      onLine: (line) => mapper.map(line).forEach(emit),
      onStderrLine: (line) => mapper.mapStderr(line).forEach(emit),
    });
    if (mapper.tokens) {
      const cost = estimateCost(mapper.tokens, mapper.model ? ctx.config.priceTable[mapper.model] : undefined);
      emit({ type: 'usage', tokens: mapper.tokens, cost_usd: cost, cost_source: cost === null ? null : 'estimated' });
    }
    if (mapper.model && mapper.done) emit({ type: 'session', session_id: mapper.sessionId, model: mapper.model });
    const ending = endingError(mapper, spawned, finalSeen);
    if (ending) emit(ending);
    return {
      exitCode: spawned.exitCode,
      signal: spawned.signal,
      stderrTail: spawned.stderrTail,
      outputLimitHit: spawned.outputLimitHit,
      aborted: spawned.aborted,
      lastAgentMessage: mapper.lastAgentMessage,
      model: mapper.model,
      sessionId: mapper.sessionId,
      ...(thinking ? { effortApplied: req.effort } : {}),
      effortSubstitution: null,
    };
  }

  return { supportedEfforts, run };
}

/** The runner: `export default` is what peer-bridge loads. */
export default Object.freeze({ manifest, create: createGemini });
