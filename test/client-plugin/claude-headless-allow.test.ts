// The Claude Code plugin's PreToolUse hook, as Claude Code runs it: the built file under node,
// the hook input on stdin, the answer (or none) on stdout.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decide, PLUGIN_TOOL_PREFIX } from '../../src/client-plugin/claude-headless-allow.js';
import { repoRoot } from '../helpers/serve-client.js';

const hookFile = path.join(repoRoot, 'dist', 'client-plugin', 'claude-headless-allow.js');

function hook(stdin: string, entrypoint: string | undefined) {
  if (!existsSync(hookFile)) throw new Error('dist/ missing: run `npm run build:ts` first');
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH };
  if (entrypoint !== undefined) env.CLAUDE_CODE_ENTRYPOINT = entrypoint;
  return spawnSync(process.execPath, [hookFile], { input: stdin, env, encoding: 'utf8' });
}

const input = (tool: string) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: {} });

describe('the built hook', () => {
  it('allows a bridge tool of the plugin under claude -p', () => {
    const out = hook(input(`${PLUGIN_TOOL_PREFIX}bridge_implement`), 'sdk-cli');
    expect(out.status).toBe(0);
    expect(JSON.parse(out.stdout)).toMatchObject({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' },
    });
  });

  it('says nothing in an interactive session, so Claude Code asks the person', () => {
    const out = hook(input(`${PLUGIN_TOOL_PREFIX}bridge_advise`), 'cli');
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('');
  });

  it('says nothing about input that is not JSON', () => {
    const out = hook('not json', 'sdk-cli');
    expect(out.status).toBe(0);
    expect(out.stdout).toBe('');
  });
});

describe('decide', () => {
  it('leaves every other tool to Claude Code, even headless', () => {
    expect(decide({ tool_name: 'mcp__peer-bridge__bridge_advise' }, { CLAUDE_CODE_ENTRYPOINT: 'sdk-cli' })).toBeNull();
    expect(decide({ tool_name: 'Bash' }, { CLAUDE_CODE_ENTRYPOINT: 'sdk-cli' })).toBeNull();
    expect(decide(null, { CLAUDE_CODE_ENTRYPOINT: 'sdk-cli' })).toBeNull();
  });

  it('leaves the SDK entry points to their own permission callback', () => {
    expect(
      decide({ tool_name: `${PLUGIN_TOOL_PREFIX}bridge_status` }, { CLAUDE_CODE_ENTRYPOINT: 'sdk-ts' }),
    ).toBeNull();
    expect(decide({ tool_name: `${PLUGIN_TOOL_PREFIX}bridge_status` }, {})).toBeNull();
  });
});
