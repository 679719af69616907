// The OpenCode runner plugin: `opencode run --format json` with the verb's agent and permissions,
// the peer workbench as its MCP server for implement calls, and its JSON events mapped to
// peer-bridge's runner events. Built only on peer-bridge's public plugin interface: the default
// export is a plain `{ manifest, create }` (what `defineRunner` returns), so the plugin never
// imports peer-bridge at run time and works with whichever copy of peer-bridge loads it.
import { opencodeArgs } from './lib/args.js';
import { runConfig } from './lib/config.js';
import { OpencodeEventMapper } from './lib/events.js';

/** What the plugin asks for; the user's config must grant all of it (see README.md). */
export const manifest = {
  id: 'opencode',
  apiVersion: 1,
  description: 'OpenCode CLI (opencode run --format json)',
  permissions: {
    run: ['opencode'],
    env: [
      // OpenCode's own settings, and where it keeps its configuration, logins and sessions.
      'OPENCODE_*',
      'XDG_CONFIG_HOME',
      'XDG_DATA_HOME',
      'XDG_CACHE_HOME',
      'XDG_STATE_HOME',
      // Provider keys OpenCode reads from the environment (keys stored by `opencode auth login` need none).
      'OPENAI_API_KEY',
      'ANTHROPIC_API_KEY',
      'OPENROUTER_API_KEY',
      'GOOGLE_GENERATIVE_AI_API_KEY',
      // Proxies and CA bundles.
      'HTTPS_PROXY',
      'HTTP_PROXY',
      'NO_PROXY',
      'NODE_EXTRA_CA_CERTS',
    ],
    read: ['${workspace}'],
    write: ['${workspace}'],
  },
  // Implement runs edit through peer-bridge's workbench (OpenCode's edit tools are denied).
  workbench: true,
};

/** Effort levels passed as `--variant` (OpenCode maps them to each provider's reasoning settings). */
export const OPENCODE_EFFORTS = ['minimal', 'low', 'medium', 'high', 'xhigh', 'max'];

// The error event of a child that did not get to answer: it could not start, passed an output cap
// (its tree was killed), or the run was aborted.
function spawnFailure(spawned) {
  if (spawned.spawnError)
    return {
      type: 'error',
      message: `cannot start opencode: ${spawned.spawnError.message}`,
      fatal: true,
      cause: 'spawn',
    };
  if (spawned.outputLimitHit) {
    const cap = spawned.outputLimit === 'line-bytes' ? 'per-line' : 'total';
    const message = `opencode output passed the ${cap} byte cap; the process tree was killed`;
    return { type: 'error', message, fatal: true, cause: 'output-limit' };
  }
  if (spawned.aborted)
    return {
      type: 'error',
      message: 'the run was aborted; the process tree was killed',
      fatal: true,
      cause: 'aborted',
    };
  return null;
}

const stderrLines = (tail) => tail.trim().split('\n').slice(-3).join(' | ');

// The events that close a run: its usage, then its answer or why there is none.
function closingEvents(mapper, spawned) {
  const events = [];
  const usage = mapper.usage();
  if (usage) events.push(usage);
  const failure = spawnFailure(spawned);
  if (failure) events.push(failure);
  else if (mapper.failure) {
    // Already reported when its line arrived.
  } else if (spawned.exitCode !== 0 || mapper.lastText === null) {
    const tail = stderrLines(spawned.stderrTail);
    const message = `opencode exited with ${spawned.exitCode ?? spawned.signal} and no answer${tail ? `: ${tail}` : ''}`;
    events.push({ type: 'error', message, fatal: true, cause: 'child-exit' });
  } else {
    let answer = null;
    try {
      answer = JSON.parse(mapper.lastText.trim());
    } catch {
      // Not JSON as a whole: peer-bridge looks for the one JSON object inside the text.
    }
    events.push({ type: 'final', answer, text: mapper.lastText });
  }
  return events;
}

function createOpencode(ctx) {
  async function run(req, scope) {
    const mapper = new OpencodeEventMapper();
    let content;
    try {
      const config = runConfig({
        verb: req.verb,
        workbench: req.workbench,
        userContent: ctx.env.OPENCODE_CONFIG_CONTENT,
      });
      content = JSON.stringify(config);
    } catch (error) {
      req.onEvent({ type: 'error', message: error.message, fatal: true, cause: 'invalid-config' });
      return {
        exitCode: null,
        signal: null,
        stderrTail: '',
        outputLimitHit: false,
        aborted: false,
        lastAgentMessage: null,
        model: null,
        sessionId: null,
      };
    }
    const args = opencodeArgs({ verb: req.verb, prompt: req.prompt, model: req.model, effort: req.effort });
    const spawned = await scope.spawn('opencode', args, {
      // A peer never updates OpenCode under a running call.
      env: { OPENCODE_CONFIG_CONTENT: content, OPENCODE_DISABLE_AUTOUPDATE: '1' },
      onLine(line) {
        for (const event of mapper.map(line)) req.onEvent(event);
      },
    });
    for (const event of closingEvents(mapper, spawned)) req.onEvent(event);
    return {
      exitCode: spawned.exitCode,
      signal: spawned.signal,
      stderrTail: spawned.stderrTail,
      outputLimitHit: spawned.outputLimitHit,
      aborted: spawned.aborted,
      // partial_output is Codex's alone (peer-bridge's contract).
      lastAgentMessage: null,
      // `opencode run --format json` does not name the model; the one asked for is what runs.
      model: mapper.sessionId ? (req.model ?? null) : null,
      sessionId: mapper.sessionId,
      ...(req.effort ? { effortApplied: req.effort } : {}),
      effortSubstitution: null,
    };
  }

  return {
    supportedEfforts: async () => [...OPENCODE_EFFORTS],
    run,
  };
}

/** @type {import('peer-bridge').RunnerDefinition} */
const runner = Object.freeze({ manifest, create: createOpencode });
export default runner;
