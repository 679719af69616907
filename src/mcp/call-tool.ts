// One tools/call on the bridge's MCP server: refused once a stop has begun, a retired tool name,
// bridge_status, or a bridge tool (bridge-call.ts). An unknown name is a protocol error.
import { ErrorCode, McpError, type CallToolRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { retiredOutcome } from '../bridge/retired.js';
import { bridgeToolCall, type RejectionRecord } from './bridge-call.js';
import { loadCallModules } from './call-modules.js';
import { codeResult, dataResult, describeSchemaErrors } from './results.js';
import type { CallExtra, ToolHost } from './server-options.js';
import { STATUS_TOOL, VERB_TOOLS } from './tools.js';
import { hostEnv } from '../settings/env.js';

export async function callTool(host: ToolHost, request: CallToolRequest, extra: CallExtra): Promise<CallToolResult> {
  const { name } = request.params;
  // Once a stop has begun, a new call would be cancelled at once: refuse it, untouched.
  if (host.stopping.aborted) {
    throw new McpError(ErrorCode.InvalidRequest, `the bridge server is stopping; ${name} was not run`);
  }
  const args = request.params.arguments ?? {};
  const modules = await loadCallModules();
  const ledger = new modules.Ledger(host.options.workspace);
  // A call that never starts is answered even when its ledger line cannot be written.
  const recordRejection = (record: RejectionRecord) =>
    ledger
      .result(record)
      .catch((error: unknown) =>
        host.log(`could not record the rejected ${name} call in the ledger: ${String(error)}`),
      );
  const retired = retiredOutcome(name, args);
  if (retired) {
    await recordRejection({
      run_id: null,
      tool: name,
      status: 'rejected',
      code: retired.code,
      reason: 'retired tool name',
    });
    return codeResult(retired.code, retired.message);
  }
  if (name === STATUS_TOOL) {
    const validate = modules.toolInputValidator(STATUS_TOOL);
    if (!validate(args)) return codeResult('invalid_arguments', describeSchemaErrors(validate.errors).message);
    const { options } = host;
    return dataResult(
      await modules.bridgeStatus(options.workspace, hostEnv(), options.runner, options.defaultBudgets, host.pool),
    );
  }
  const verb = Object.hasOwn(VERB_TOOLS, name) ? VERB_TOOLS[name] : undefined;
  if (!verb) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
  return bridgeToolCall(host, modules, recordRejection, {
    name,
    verb,
    args,
    progressToken: request.params._meta?.progressToken,
    extra,
  });
}
