// `peer-bridge config opencode`: the registration OpenCode reads, an `mcp` entry of its config
// (`opencode.json` in the project, or ~/.config/opencode/opencode.json for every project).
import { TOOL_TIMEOUT_SECONDS, type Launch } from '../client-snippets.js';

/** The server's name in OpenCode's config; OpenCode names its tools `peer-bridge_bridge_advise`, … */
export const OPENCODE_SERVER_NAME = 'peer-bridge';

/**
 * OpenCode's config with the bridge as a local MCP server. OpenCode starts it in the project's
 * folder (the bridge's workspace) with OpenCode's whole environment, so no variable needs naming.
 * `timeout` bounds each tool call (OpenCode's default is 60 s); the bridge's progress
 * notifications restart it, and it is set above the longest call's hard cutoff anyway.
 */
export function opencodeSnippet(how: Launch): string {
  const config = {
    $schema: 'https://opencode.ai/config.json',
    mcp: {
      [OPENCODE_SERVER_NAME]: {
        type: 'local',
        command: [how.command, ...how.args],
        enabled: true,
        timeout: TOOL_TIMEOUT_SECONDS * 1000,
      },
    },
  };
  return JSON.stringify(config, null, 2);
}
