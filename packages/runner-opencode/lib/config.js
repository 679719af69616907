// The configuration a run adds on top of the user's own (OPENCODE_CONFIG_CONTENT, OpenCode's last
// and strongest layer): the verb's permissions, the peer workbench as an MCP server, and the
// bridge's own tools denied to the child whatever its server is called.

/** The bridge's tools as OpenCode names an MCP server's tools (`<server>_<tool>`), any server name. */
export const BRIDGE_TOOL_PATTERNS = ['*bridge_implement', '*bridge_advise', '*bridge_review', '*bridge_status'];

/**
 * OpenCode's own tools that change files. The `edit` permission covers `edit`, `write`, `patch`
 * and `multiedit`; `task` starts sub-agents, which have tools of their own.
 */
const EDIT_DENIED = { edit: 'deny', task: 'deny' };

/** The permissions of one verb: read-only calls lose every tool that can change the workspace. */
export function verbPermissions(verb) {
  const bridge = Object.fromEntries(BRIDGE_TOOL_PATTERNS.map((pattern) => [pattern, 'deny']));
  if (verb === 'implement') return { ...EDIT_DENIED, ...bridge };
  return { ...EDIT_DENIED, bash: 'deny', ...bridge };
}

/** The agent a verb runs as: OpenCode's read-only `plan` agent for advise and review, `build` to implement. */
export function verbAgent(verb) {
  return verb === 'implement' ? 'build' : 'plan';
}

/**
 * How long OpenCode waits for the workbench's tools (ms). Its default, 5 s, is short for a Node
 * server starting on a busy machine, and a peer that starts without the workbench has no tool
 * left to edit with.
 */
export const WORKBENCH_TIMEOUT_MS = 30_000;

/** The workbench as an OpenCode local MCP server (`mcp.<name>`). */
export function workbenchServer(workbench) {
  return {
    type: 'local',
    command: [workbench.command, ...workbench.args],
    environment: { ...workbench.env },
    enabled: true,
    timeout: WORKBENCH_TIMEOUT_MS,
  };
}

function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Merges `over` into `base` key by key (objects recursively, anything else replaced), as OpenCode merges layers. */
export function mergeConfig(base, over) {
  const out = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isObject(value) && isObject(out[key]) ? mergeConfig(out[key], value) : value;
  }
  return out;
}

/**
 * The OPENCODE_CONFIG_CONTENT of one run. `userContent` is the user's own value of that variable
 * (kept underneath); it must be a JSON object, or the run fails naming it.
 */
export function runConfig({ verb, workbench, userContent }) {
  let base = {};
  if (userContent !== undefined && userContent.trim() !== '') {
    try {
      base = JSON.parse(userContent);
    } catch (error) {
      throw new Error(`OPENCODE_CONFIG_CONTENT is not JSON (${error.message}); fix or unset it`, { cause: error });
    }
    if (!isObject(base)) throw new Error('OPENCODE_CONFIG_CONTENT must hold a JSON object; fix or unset it');
  }
  const agent = verbAgent(verb);
  const permission = verbPermissions(verb);
  const ours = {
    // The agent's own rules would otherwise win over the top-level ones.
    permission,
    agent: { [agent]: { permission } },
    ...(workbench ? { mcp: { [workbench.name]: workbenchServer(workbench) } } : {}),
    autoupdate: false,
    share: 'disabled',
  };
  return mergeConfig(base, ours);
}
