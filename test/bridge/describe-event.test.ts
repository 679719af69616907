import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../src/bridge/run-child.js';

describe('progress text of runner events', () => {
  it('says what the child is doing in one short line', () => {
    expect(
      describeEvent({
        type: 'command',
        command: 'npm\n  test',
        status: 'in_progress',
        exit_code: null,
        output_bytes: 0,
        output_sha256: null,
      }),
    ).toBe('running: npm test');
    expect(
      describeEvent({
        type: 'file_change',
        changes: [
          { path: 'a.ts', kind: 'update' },
          { path: 'b.ts', kind: 'add' },
        ],
      }),
    ).toBe('changed a.ts, b.ts');
    expect(describeEvent({ type: 'message', text: '{"status":"complete","verdict":"All fine."}' })).toBe(
      'says: All fine.',
    );
    expect(describeEvent({ type: 'message', text: 'x'.repeat(500) })!.length).toBeLessThanOrEqual(200);
    expect(describeEvent({ type: 'usage', tokens: {}, cost_usd: null, cost_source: null })).toBeNull();
  });
});
