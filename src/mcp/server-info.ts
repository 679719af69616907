// What the bridge server says about itself in its initialize answer, in one place: the SDK server
// (mcp/server.ts) and the early answers given before the SDK has loaded (mcp/early-answers.ts)
// must say exactly the same.
export const SERVER_NAME = 'peer-bridge';

export const SERVER_CAPABILITIES = { tools: {} } as const;

export const SERVER_INSTRUCTIONS =
  'peer-bridge hands a task to a peer coding agent in this workspace and returns one validated ' +
  'envelope. bridge_advise and bridge_review are read-only; bridge_implement may edit files. ' +
  'Check status, blockers and remaining in the envelope; bridge_status shows runners and incidents.';

/**
 * The protocol versions the MCP SDK in use negotiates, newest first (its SUPPORTED_PROTOCOL_VERSIONS;
 * a test keeps the two equal): a client asking for one of these gets it, any other gets the first.
 */
export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05', '2024-10-07'];

/** The protocol version a client asking for `requested` gets, as the SDK's Server negotiates it. */
export function negotiatedProtocol(requested: string): string {
  return SUPPORTED_PROTOCOL_VERSIONS.includes(requested) ? requested : SUPPORTED_PROTOCOL_VERSIONS[0]!;
}

/** The initialize result, negotiated as the SDK's Server does it. */
export function initializeResult(version: string, requestedProtocol: string) {
  return {
    protocolVersion: negotiatedProtocol(requestedProtocol),
    capabilities: SERVER_CAPABILITIES,
    serverInfo: { name: SERVER_NAME, version },
    instructions: SERVER_INSTRUCTIONS,
  };
}
