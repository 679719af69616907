// How the built-in runners hand the peer workbench to their CLIs (the command lines only; the real
// CLIs take them in test/bridge/peer-workbench.test.ts).
import { describe, expect, it } from 'vitest';
import { claudeArgs } from '../../src/runners/claude/args.js';
import { workbenchServerArgs } from '../../src/runners/codex/mcp-config.js';
import type { PeerWorkbench } from '../../src/runners/types.js';

const workbench: PeerWorkbench = {
  name: 'workbench',
  command: '/opt/node "20"/bin/node',
  args: ['/pkg/dist/cli/main.cjs', 'serve', '--surface', 'workbench', '--workspace', 'C:\\work\\ws'],
  env: { PEER_BRIDGE_LOCK_DIR: '/locks' },
};

describe('peer workbench arguments', () => {
  it('claude: the workbench is the only MCP server, its tools allowed, the own edit tools disallowed', () => {
    const args = claudeArgs({ verb: 'implement', prompt: 'p', schema: {}, workbench });
    const config = JSON.parse(args[args.indexOf('--mcp-config') + 1]!);
    expect(config).toEqual({
      mcpServers: {
        workbench: { type: 'stdio', command: workbench.command, args: workbench.args, env: workbench.env },
      },
    });
    expect(args).toContain('--strict-mcp-config');
    expect(args[args.indexOf('--disallowedTools') + 1]).toBe('Edit,Write,MultiEdit,NotebookEdit');
    expect(args[args.indexOf('--allowedTools') + 1]).toBe('mcp__workbench');
    expect(args.indexOf('--allowedTools')).toBeLessThan(args.indexOf('--'));
  });

  it('claude: without a workbench, no MCP server and no tool rules', () => {
    const args = claudeArgs({ verb: 'implement', prompt: 'p', schema: {} });
    expect(args[args.indexOf('--mcp-config') + 1]).toBe('{"mcpServers":{}}');
    expect(args).not.toContain('--disallowedTools');
  });

  it('codex: -c overrides with TOML strings that keep quotes and backslashes, the tools pre-approved, the server required', () => {
    expect(workbenchServerArgs(workbench)).toEqual([
      '-c',
      'mcp_servers.workbench.command="/opt/node \\"20\\"/bin/node"',
      '-c',
      'mcp_servers.workbench.args=["/pkg/dist/cli/main.cjs", "serve", "--surface", "workbench", "--workspace", "C:\\\\work\\\\ws"]',
      '-c',
      'mcp_servers.workbench.env={ PEER_BRIDGE_LOCK_DIR = "/locks" }',
      '-c',
      'mcp_servers.workbench.default_tools_approval_mode="approve"',
      '-c',
      'mcp_servers.workbench.required=true',
      '-c',
      'mcp_servers.workbench.startup_timeout_sec=30',
    ]);
  });
});
