// The Claude Code plugin's PreToolUse hook (hooks/hooks.json): under `claude -p` it allows the
// plugin's own bridge tools, which a plugin cannot do otherwise (its settings may not carry
// permissions) and which headless Claude Code would deny without `--allowedTools`. Interactive
// sessions get no answer from it, so Claude Code asks the person as usual; a deny or ask rule in
// the user's settings still wins over the hook's allow.
import { readFileSync } from 'node:fs';
import { hostEnv } from '../settings/env.js';
import { readSetting } from '../settings/read.js';

/** Tool names of the plugin's server: mcp__plugin_<plugin>_<server>__<tool>. */
export const PLUGIN_TOOL_PREFIX = 'mcp__plugin_peer-bridge_peer-bridge__';

/** Claude Code's entry point when started with -p (its SDK entry points have their own permission callback). */
const HEADLESS_ENTRYPOINT = 'sdk-cli';

/** The hook's answer for one PreToolUse input, or null to leave the decision to Claude Code. */
export function decide(input: unknown, env: NodeJS.ProcessEnv): Record<string, unknown> | null {
  const tool = (input as { tool_name?: unknown } | null)?.tool_name;
  if (typeof tool !== 'string' || !tool.startsWith(PLUGIN_TOOL_PREFIX)) return null;
  if (readSetting('CLAUDE_CODE_ENTRYPOINT', env) !== HEADLESS_ENTRYPOINT) return null;
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      permissionDecisionReason: 'peer-bridge plugin: its bridge tools are allowed under claude -p',
    },
  };
}

function main(): void {
  let input: unknown;
  try {
    input = JSON.parse(readFileSync(0, 'utf8'));
  } catch {
    return; // not a hook input: no answer, Claude Code decides
  }
  const answer = decide(input, hostEnv());
  if (answer) process.stdout.write(`${JSON.stringify(answer)}\n`);
}

if (process.argv[1]?.endsWith('claude-headless-allow.js')) main();
