// The scripted turns both model doubles replay: each model request consumes the next turn.

/** One scripted model turn. */
export type Turn =
  /** Plain assistant text (not the structured answer); ends the turn. */
  | { kind: 'text'; text: string }
  /** The structured answer: Codex gets it as the final message text, Claude as a StructuredOutput tool call. */
  | { kind: 'answer'; answer: unknown }
  /** A shell tool call (Codex `exec_command`, Claude `Bash`); the CLI runs it and asks again. */
  | { kind: 'tool'; command: string }
  /**
   * A call of a named tool with these arguments: Claude names an MCP tool `mcp__workbench__edit_file`;
   * Codex calls `edit_file` in the `mcp__workbench` namespace (after a `tool_search` loaded it).
   */
  | { kind: 'call'; name: string; input: Record<string, unknown>; namespace?: string }
  /** Codex's client-side `tool_search` (a `tool_search_call`): Codex answers with the tools it found. */
  | { kind: 'tool_search'; query: string; limit?: number }
  /** An HTTP error response with a JSON body shaped like the real API's. */
  | { kind: 'http_error'; status: number; message?: string; errorType?: string }
  /** Accept the request, send the stream's headers, then never another byte. */
  | { kind: 'hang' }
  /** `prelude` as one message, then `count` messages of `size` characters each, in one response. */
  | { kind: 'flood'; prelude?: string; count: number; size: number }
  /** Hold the request until `until` settles, then play `then` (a call stays in flight meanwhile). */
  | { kind: 'gate'; until: Promise<unknown>; then: Turn };

/** A request the double received, for assertions. */
export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  /** Request headers (lower-case names), e.g. to see which key a CLI sent. */
  headers: Record<string, string | string[] | undefined>;
}

/** Hands out turns in order; past the end it answers with an HTTP 500 so a test never hangs by accident. */
export class TurnQueue {
  private index = 0;
  constructor(private readonly turns: Turn[]) {}
  next(): Turn {
    const turn = this.turns[this.index++];
    return turn ?? { kind: 'http_error', status: 500, message: 'script exhausted' };
  }
  get consumed(): number {
    return this.index;
  }
}
