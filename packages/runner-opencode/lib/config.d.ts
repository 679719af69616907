// Types of config.js.
import type { PeerWorkbench } from 'peer-bridge';

export declare const BRIDGE_TOOL_PATTERNS: string[];
export declare const WORKBENCH_TIMEOUT_MS: number;
export declare function verbPermissions(verb: string): Record<string, string>;
export declare function verbAgent(verb: string): 'build' | 'plan';
export declare function workbenchServer(workbench: PeerWorkbench): Record<string, unknown>;
export declare function mergeConfig(
  base: Record<string, unknown>,
  over: Record<string, unknown>,
): Record<string, unknown>;
export declare function runConfig(input: {
  verb: string;
  workbench?: PeerWorkbench;
  userContent?: string;
}): Record<string, unknown>;
