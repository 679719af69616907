// A bridge tool call (bridge_implement, bridge_advise, bridge_review): its arguments checked against
// the tool's schema, then runBridge bound to the server's workspace, budgets and pool, with the
// client's progress token. Bad arguments are a coded result and a ledger line, not a protocol error.
import type { CallToolResult, ProgressToken } from '@modelcontextprotocol/sdk/types.js';
import { MCP_MAX_BUDGET_SECONDS } from '../bridge/budget.js';
import { callerName } from '../bridge/direction.js';
import { BridgeError } from '../bridge/errors.js';
import type { BridgeProgress, BridgeToolArguments } from '../bridge/types.js';
import { rejectHostOnlyFields } from '../bridge/workspace.js';
import type { McpToolName } from '../envelope/index.js';
import type { Verb } from '../vocabulary.js';
import type { CallModules } from './call-modules.js';
import { codeResult, describeSchemaErrors, envelopeResult } from './results.js';
import type { CallExtra, McpServerOptions, ToolHost } from './server-options.js';

const MAX_PROGRESS_CHARS = 200;

/** A ledger result for a call that never started. */
export type RejectionRecord = Parameters<InstanceType<CallModules['Ledger']>['result']>[0];

export interface BridgeToolCall {
  name: string;
  verb: Verb;
  args: Record<string, unknown>;
  progressToken: ProgressToken | undefined;
  extra: CallExtra;
}

// The server's budget for `verb` (serve --default-timeout), for a call that names none.
const defaultBudget = (args: Record<string, unknown>, verb: Verb, budgets: McpServerOptions['defaultBudgets']) =>
  args.timeout_seconds === undefined && budgets?.[verb] !== undefined ? { timeout_seconds: budgets[verb] } : {};

export async function bridgeToolCall(
  host: ToolHost,
  modules: CallModules,
  recordRejection: (record: RejectionRecord) => Promise<unknown>,
  call: BridgeToolCall,
): Promise<CallToolResult> {
  const { name, verb, args, extra } = call;
  const runId = typeof args.run_id === 'string' ? args.run_id : null;
  // A BridgeError is the caller's mistake: a coded result, recorded; anything else is a bug.
  const rejected = async (error: unknown): Promise<CallToolResult> => {
    if (!(error instanceof BridgeError)) throw error;
    await recordRejection({
      run_id: runId,
      tool: name,
      status: 'rejected',
      code: error.code,
      reason: error.message.slice(0, 500),
    });
    return codeResult(error.code, error.message, error.field ? { field: error.field } : {});
  };
  try {
    rejectHostOnlyFields(args);
    const validate = modules.toolInputValidator(name as McpToolName);
    if (!validate(args)) {
      const { message, field } = describeSchemaErrors(validate.errors);
      throw new BridgeError('invalid_arguments', `${name}: ${message}`, field ? { field } : {});
    }
  } catch (error) {
    return rejected(error);
  }

  const onProgress = progressSender(call, host.log);
  const reminder = host.reminders.note(name, args);
  const { options, pool } = host;
  try {
    if (host.poolProblem) throw host.poolProblem;
    const envelope = await host.track(
      modules.runBridge(
        {
          ...(args as unknown as BridgeToolArguments),
          ...defaultBudget(args, verb, options.defaultBudgets),
          verb,
          workspace: options.workspace,
          ...(options.runner ? { runner: options.runner } : {}),
          signal: AbortSignal.any([extra.signal, host.stopping]),
          ...(onProgress ? { onProgress } : {}),
        },
        {
          caller: callerName(host.clientName(), 'mcp'),
          maxBudgetSeconds: MCP_MAX_BUDGET_SECONDS,
          ...(options.configPath ? { configPath: options.configPath } : {}),
          ...(reminder ? { reminder } : {}),
          ...(pool ? { pool } : {}),
        },
      ),
    );
    return envelopeResult(envelope);
  } catch (error) {
    return rejected(error);
  }
}

// The call's progress as MCP progress notifications, when the client asked for them.
function progressSender(call: BridgeToolCall, log: (message: string) => void) {
  const { progressToken, extra } = call;
  if (progressToken === undefined) return undefined;
  return (progress: BridgeProgress) => {
    extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken,
          progress: progress.count,
          message: progress.message.slice(0, MAX_PROGRESS_CHARS),
        },
      })
      .catch((error: unknown) => log(`progress notification failed: ${String(error)}`));
  };
}
