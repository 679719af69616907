import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveBudget } from '../../src/bridge/budget.js';
import { decideDepth, depthLimit, inheritedDepth } from '../../src/bridge/depth.js';
import { callerName, direction } from '../../src/bridge/direction.js';
import { decideEffort, mergeSubstitution, normaliseEffort } from '../../src/bridge/effort.js';
import { buildPrompt, checkPromptSize } from '../../src/bridge/prompt.js';
import { ReminderTracker } from '../../src/bridge/reminders.js';
import { retiredOutcome } from '../../src/bridge/retired.js';
import { rejectHostOnlyFields, writeRefusal } from '../../src/bridge/workspace.js';

describe('budgets', () => {
  it('uses the per-verb defaults 600 / 120 / 300 s with a hard cutoff at 1.2 ×', () => {
    expect(resolveBudget('implement', undefined)).toEqual({ seconds: 600, cutoffMs: 720_000 });
    expect(resolveBudget('advise', undefined)).toEqual({ seconds: 120, cutoffMs: 144_000 });
    expect(resolveBudget('review', undefined)).toEqual({ seconds: 300, cutoffMs: 360_000 });
  });

  it('accepts a request up to the maximum and rejects one above it, naming the field', () => {
    expect(resolveBudget('advise', 350, 350).seconds).toBe(350);
    expect(() => resolveBudget('advise', 351, 350)).toThrow(/timeout_seconds for advise is at most 350/);
    expect(() => resolveBudget('review', 0)).toThrow(expect.objectContaining({ field: 'timeout_seconds' }));
  });
});

describe('depth', () => {
  it('reads PEER_BRIDGE_DEPTH and the limit from the environment', () => {
    expect(inheritedDepth({})).toBe(0);
    expect(inheritedDepth({ PEER_BRIDGE_DEPTH: '2' })).toBe(2);
    expect(depthLimit({})).toBe(1);
    expect(() => inheritedDepth({ PEER_BRIDGE_DEPTH: 'x' })).toThrow(/PEER_BRIDGE_DEPTH/);
  });

  it('lets a caller raise depth but never lower it below the inherited one', () => {
    expect(decideDepth(undefined, 0, 3)).toMatchObject({ depth: 0, childDepth: 1, refusal: null });
    expect(decideDepth(2, 0, 3)).toMatchObject({ depth: 2, childDepth: 3 });
    expect(decideDepth(0, 2, 3)).toMatchObject({ depth: 2 });
  });

  it('refuses at or past the limit with cause recursion-depth', () => {
    expect(decideDepth(undefined, 1, 1).refusal).toMatch(/^recursion-depth: /);
    expect(decideDepth(1, 0, 1).refusal).toMatch(/^recursion-depth: /);
    expect(decideDepth(undefined, 0, 1).refusal).toBeNull();
  });
});

describe('effort', () => {
  it('maps none and trivial to minimal and records the change', () => {
    expect(normaliseEffort('trivial')).toBe('minimal');
    const decision = decideEffort('none', undefined, null);
    expect(decision.applied).toBe('minimal');
    expect(decision.substituted).toMatchObject({ requested: 'none', applied: 'minimal' });
  });

  it('applies the highest supported level at or below the request and says why', () => {
    const decision = decideEffort('xhigh', ['low', 'medium', 'high'], null);
    expect(decision.applied).toBe('high');
    expect(decision.substituted?.reason).toMatch(/supported_efforts/);
  });

  it('falls back to the lowest supported level when none is at or below the request', () => {
    expect(decideEffort('minimal', ['medium', 'high'], null).applied).toBe('medium');
  });

  it("prefers the caller's list over the runner's knowledge, and uses the runner's otherwise", () => {
    expect(decideEffort('max', ['max'], ['low', 'medium']).substituted).toBeNull();
    expect(decideEffort('max', undefined, ['low', 'medium'])).toMatchObject({
      applied: 'medium',
      substituted: { requested: 'max', applied: 'medium' },
    });
  });

  it('leaves an honoured request and an absent one alone', () => {
    expect(decideEffort('high', undefined, null)).toEqual({ applied: 'high', substituted: null });
    expect(decideEffort(undefined, ['low'], null)).toEqual({ applied: undefined, substituted: null });
  });

  it('rejects an unknown level naming the field', () => {
    expect(() => decideEffort('extreme', undefined, null)).toThrow(expect.objectContaining({ field: 'effort' }));
  });

  it('rejects supported_efforts that is not a list (runBridge called from plain JavaScript), naming the field', () => {
    for (const bad of ['low,high', { low: true }, null]) {
      expect(() => decideEffort('high', bad as never, null)).toThrow(
        expect.objectContaining({ code: 'invalid_arguments', field: 'supported_efforts' }),
      );
    }
  });

  it("folds the runner's own substitution into the harness's", () => {
    const ours = { requested: 'none', applied: 'minimal' as const, reason: '"none" means minimal' };
    const merged = mergeSubstitution(ours, { requested: 'minimal', applied: 'low', reason: 'retried one level up' });
    expect(merged).toMatchObject({ requested: 'none', applied: 'low' });
    expect(merged?.reason).toMatch(/means minimal.*retried/);
    expect(mergeSubstitution(null, null)).toBeNull();
  });
});

describe('prompt size', () => {
  it('measures bytes of UTF-8 on POSIX and escaped UTF-16 units on Windows', () => {
    const fits = (task: string, platform: NodeJS.Platform) => {
      try {
        checkPromptSize(buildPrompt('advise', task, 120), task, platform);
        return true;
      } catch (error) {
        expect(error).toMatchObject({ code: 'invalid_arguments', field: 'task' });
        return false;
      }
    };
    expect(fits('a'.repeat(100_000), 'linux')).toBe(true);
    expect(fits('é'.repeat(70_000), 'linux')).toBe(false);
    expect(fits('a'.repeat(20_000), 'win32')).toBe(true);
    expect(fits('"'.repeat(20_000), 'win32')).toBe(false);
  });
});

describe('direction', () => {
  it('names the MCP client and the runner', () => {
    expect(direction(callerName('claude-code', 'mcp'), 'codex')).toBe('claude-code->codex');
    expect(direction(callerName('codex-mcp-client', 'mcp'), 'claude')).toBe('codex->claude-code');
    expect(direction(callerName(undefined, 'cli'), 'codex')).toBe('cli->codex');
    expect(direction(callerName('My Editor > 2', 'mcp'), 'my-runner')).toBe('my-editor-2->my-runner');
  });
});

describe('reminders', () => {
  it('reminds identical consecutive calls only at counts 3, 5 and 8', () => {
    const tracker = new ReminderTracker();
    const counts: number[] = [];
    for (let i = 1; i <= 10; i++) if (tracker.note('bridge_advise', { task: 't', effort: 'low' })) counts.push(i);
    expect(counts).toEqual([3, 5, 8]);
  });

  it('treats key order as irrelevant and any other call as a reset', () => {
    const tracker = new ReminderTracker();
    tracker.note('bridge_advise', { task: 't', model: 'm' });
    tracker.note('bridge_advise', { model: 'm', task: 't' });
    expect(tracker.note('bridge_advise', { task: 't', model: 'm' })).toMatch(/call 3 in a row/);
    tracker.note('bridge_review', { task: 't', model: 'm' });
    expect(tracker.note('bridge_advise', { task: 't', model: 'm' })).toBeUndefined();
  });
});

describe('retired tools', () => {
  it('answers the retired names with tool_retired', () => {
    for (const name of ['complete_step', 'review_report', 'complete_subtask']) {
      expect(retiredOutcome(name, {})?.code).toBe('tool_retired');
    }
    expect(retiredOutcome('bridge_advise', {})).toBeNull();
  });

  it('answers recovery actions with tool_recovery_retired', () => {
    expect(retiredOutcome('complete_step', { action: 'resume' })?.code).toBe('tool_recovery_retired');
    expect(retiredOutcome('resume_step', {})?.code).toBe('tool_recovery_retired');
  });
});

describe('workspace binding', () => {
  it('rejects each host-only field by name', () => {
    for (const field of ['workspace', 'cwd', 'background', 'session', 'session_id']) {
      expect(() => rejectHostOnlyFields({ task: 't', [field]: 'x' })).toThrow(
        expect.objectContaining({ code: 'forbidden_argument', field, message: expect.stringContaining(`"${field}"`) }),
      );
    }
    expect(() => rejectHostOnlyFields({ task: 't' })).not.toThrow();
  });

  it('refuses writes in the home directory and the filesystem root, not reads', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'peer-bridge-home-'));
    try {
      expect(writeRefusal('implement', home, home)).toMatch(/home directory/);
      expect(writeRefusal('implement', path.parse(home).root, home)).toMatch(/filesystem root/);
      expect(writeRefusal('advise', home, home)).toBeNull();
      expect(writeRefusal('implement', path.join(home, '..'), home)).toBeNull();
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});

describe('default runner', () => {
  it('is codex when installed, else claude when installed, else codex', async () => {
    const { defaultRunner } = await import('../../src/bridge/run-bridge.js');
    const { codexBin, claudeBin } = await import('../helpers/peers.js');
    const none = { PATH: '' };
    expect(defaultRunner({ ...none, PEER_BRIDGE_CODEX_BIN: codexBin, PEER_BRIDGE_CLAUDE_BIN: claudeBin })).toBe(
      'codex',
    );
    expect(defaultRunner({ ...none, PEER_BRIDGE_CLAUDE_BIN: claudeBin })).toBe('claude');
    expect(defaultRunner(none)).toBe('codex');
    expect(defaultRunner({ ...none, PEER_BRIDGE_CODEX_BIN: '/nowhere/codex', PEER_BRIDGE_CLAUDE_BIN: claudeBin })).toBe(
      'codex',
    );
  });
});
