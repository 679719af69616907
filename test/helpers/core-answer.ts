// Shared test data: a well-formed core answer.
import type { CoreEnvelope } from '../../src/envelope/index.js';

export function goodCore(overrides: Partial<CoreEnvelope> = {}): CoreEnvelope {
  return {
    status: 'complete',
    verdict: 'Added the parser and its tests; all pass.',
    findings: ['The tokenizer already handled escapes.'],
    files_touched: ['src/parse.ts', 'test/parse.test.ts'],
    remaining: [],
    blockers: [],
    ...overrides,
  };
}
