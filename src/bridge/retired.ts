// Tool names from earlier designs. Agents trained on them still call them: they get an ordinary
// tool result with a stable code (not a protocol error) and are never advertised.

export const RETIRED_TOOLS: readonly string[] = ['complete_step', 'review_report', 'complete_subtask'];

/** Recovery actions of the old step protocol; recovery is now the ledger's job. */
export const RETIRED_RECOVERY_TOOLS: readonly string[] = [
  'recover_step',
  'resume_step',
  'retry_step',
  'recover_subtask',
  'resume_subtask',
  'recover_run',
  'resume_run',
  'bridge_recover',
  'bridge_resume',
];

const RECOVERY_ACTION = /^(recover|resume|retry|replay)/i;

export interface RetiredOutcome {
  code: 'tool_retired' | 'tool_recovery_retired';
  message: string;
}

/** What a call to a retired name gets, or null when `name` is not retired. */
export function retiredOutcome(name: string, args: Record<string, unknown> | undefined): RetiredOutcome | null {
  const action = args?.['action'] ?? args?.['mode'];
  const asksRecovery = typeof action === 'string' && RECOVERY_ACTION.test(action);
  if (RETIRED_RECOVERY_TOOLS.includes(name) || (RETIRED_TOOLS.includes(name) && asksRecovery)) {
    return {
      code: 'tool_recovery_retired',
      message:
        `${name}: recovery actions are retired. An interrupted bridge call is settled as "unknown" in ` +
        '.peer-bridge/ledger.jsonl when the server restarts and is never replayed; start a new ' +
        'bridge_implement, bridge_advise or bridge_review call if the work is still needed.',
    };
  }
  if (RETIRED_TOOLS.includes(name)) {
    return {
      code: 'tool_retired',
      message:
        `${name} is retired: a bridge call now returns its whole answer as one envelope, so there is ` +
        'no step to complete or report to file. Use bridge_implement, bridge_advise or bridge_review, ' +
        'and bridge_status for the bridge state.',
    };
  }
  return null;
}
