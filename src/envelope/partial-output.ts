// A Codex child stopped by the output limit may still have said something useful in its last
// complete agent message. That fragment is passed on, small and clearly marked as unverified.
import type { PartialOutput } from '../generated/harness-envelope.js';
import { prefixWithinBytes, utf8Length, wellFormed } from '../text-cut.js';

export const partialOutputLimitBytes = 4096;
export const partialOutputSource = 'codex:item.completed:agent_message' as const;

/**
 * The `partial_output` of an envelope from the text of the last complete `item.completed` agent
 * message: at most 4 KiB of UTF-8, cut between characters (graphemes), marked unverified.
 * Undefined when no message was seen (null, undefined or empty text).
 */
export function partialOutput(lastAgentMessageText: string | null | undefined): PartialOutput | undefined {
  if (typeof lastAgentMessageText !== 'string' || lastAgentMessageText === '') return undefined;
  const whole = wellFormed(lastAgentMessageText);
  const text = prefixWithinBytes(whole, partialOutputLimitBytes);
  return {
    text,
    unverified: true,
    truncated: text.length < whole.length,
    source: partialOutputSource,
    bytes: utf8Length(text),
  };
}
