// The OpenCode plugin's pieces without a child: its command line, the configuration a run adds on
// top of the user's, and the event mapper over OpenCode's lines, odd ones included.
import { describe, expect, it } from 'vitest';
import { opencodeArgs } from '../../../packages/runner-opencode/lib/args.js';
import { runConfig, verbPermissions } from '../../../packages/runner-opencode/lib/config.js';
import { OpencodeEventMapper } from '../../../packages/runner-opencode/lib/events.js';

const line = (value: unknown) => JSON.stringify(value);
const step = (input: number, cost: number) =>
  line({
    type: 'step_finish',
    sessionID: 'ses_1',
    part: { tokens: { input, output: 2, reasoning: 1, cache: { read: 3, write: 0 } }, cost },
  });

describe('the opencode run command line', () => {
  it('gives the verb its agent, the title, model and variant, and the prompt as one argument after --', () => {
    const prompt = 'Budget: 600 seconds.\nAnswer "json".';
    expect(opencodeArgs({ verb: 'review', prompt, model: 'p/m', effort: 'high' })).toEqual([
      'run',
      '--format',
      'json',
      '--title',
      'peer-bridge review',
      '--agent',
      'plan',
      '--model',
      'p/m',
      '--variant',
      'high',
      '--',
      prompt,
    ]);
    expect(opencodeArgs({ verb: 'implement', prompt: 'x' })).toContain('build');
  });
});

describe("a run's OpenCode configuration", () => {
  it('denies edits and sub-agents always, bash for read-only verbs, and the bridge tools under any server name', () => {
    expect(verbPermissions('advise')).toMatchObject({
      edit: 'deny',
      bash: 'deny',
      task: 'deny',
      '*bridge_advise': 'deny',
    });
    expect(verbPermissions('implement')).not.toHaveProperty('bash');
  });

  it("keeps the user's OPENCODE_CONFIG_CONTENT underneath and adds the workbench for implement", () => {
    const workbench = { name: 'workbench', command: '/bin/node', args: ['cli.cjs', 'serve'], env: { A: '1' } };
    const user = JSON.stringify({ model: 'p/m', permission: { webfetch: 'deny' }, mcp: { other: { type: 'local' } } });
    const config = runConfig({ verb: 'implement', workbench, userContent: user });
    expect(config).toMatchObject({
      model: 'p/m',
      permission: { webfetch: 'deny', edit: 'deny' },
      agent: { build: { permission: { edit: 'deny' } } },
      mcp: {
        other: { type: 'local' },
        workbench: { type: 'local', command: ['/bin/node', 'cli.cjs', 'serve'], environment: { A: '1' } },
      },
    });
  });

  it('refuses a user OPENCODE_CONFIG_CONTENT that is not a JSON object, naming the variable', () => {
    expect(() => runConfig({ verb: 'advise', userContent: '{ model: x' })).toThrow(
      /OPENCODE_CONFIG_CONTENT is not JSON/,
    );
    expect(() => runConfig({ verb: 'advise', userContent: '[1]' })).toThrow(/must hold a JSON object/);
  });
});

describe('the OpenCode event mapper', () => {
  it('sums the steps, keeps the last text, and maps bash calls to commands', () => {
    const mapper = new OpencodeEventMapper();
    const events = [
      line({ type: 'step_start', sessionID: 'ses_1', part: {} }),
      line({
        type: 'tool_use',
        sessionID: 'ses_1',
        part: {
          tool: 'bash',
          state: { status: 'completed', input: { command: 'ls' }, output: 'a\n', metadata: { exit: 0 } },
        },
      }),
      step(10, 0.5),
      line({ type: 'text', sessionID: 'ses_1', part: { text: '{"status":"complete"}' } }),
      step(20, 0),
    ].flatMap((l) => mapper.map(l));
    expect(events[0]).toEqual({ type: 'session', session_id: 'ses_1', model: null });
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'command', command: 'ls', exit_code: 0, output_bytes: 2 }),
    );
    expect(mapper.lastText).toBe('{"status":"complete"}');
    expect(mapper.usage()).toEqual({
      type: 'usage',
      tokens: {
        input_tokens: 30,
        output_tokens: 4,
        reasoning_output_tokens: 2,
        cached_input_tokens: 6,
        cache_write_input_tokens: 0,
      },
      cost_usd: 0.5,
      cost_source: 'reported',
    });
  });

  it('classifies OpenCode errors: a refused connection is model-unreachable, an HTTP status an http-error', () => {
    const mapper = new OpencodeEventMapper();
    const refused = {
      name: 'APIError',
      data: { message: 'Cannot connect to API: Unable to connect. Is the computer able to access the url?' },
    };
    expect(mapper.map(line({ type: 'error', error: refused }))).toContainEqual(
      expect.objectContaining({ fatal: true, cause: 'model-unreachable' }),
    );
    const status = { name: 'APIError', data: { message: 'Bad request', statusCode: 400 } };
    expect(mapper.map(line({ type: 'error', error: status }))).toContainEqual(
      expect.objectContaining({ cause: 'http-error' }),
    );
  });

  it('never throws on odd lines and reports no cost when OpenCode priced nothing', () => {
    const mapper = new OpencodeEventMapper();
    for (const odd of [
      'not json',
      '[]',
      'null',
      line({ type: 7 }),
      line({ type: 'text', part: { text: 5 } }),
      line({ type: 'tool_use', part: null }),
      line({ type: 'error', error: 'x' }),
    ]) {
      expect(() => mapper.map(odd)).not.toThrow();
    }
    mapper.map(step(5, 0));
    expect(mapper.usage()).toMatchObject({ cost_usd: null, cost_source: null });
  });
});
