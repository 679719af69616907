// Types of home.js (the private Gemini CLI home of a peer run), for the package's own tests.
import type { PeerWorkbench } from 'peer-bridge';

export interface PeerHomeOptions {
  depth: number;
  workbench?: PeerWorkbench;
  env: Readonly<Record<string, string | undefined>>;
  /** The call's effort as a thinking budget for its model. */
  thinking?: { model: string; budget: number };
}
export declare const OWN_EDIT_TOOLS: string[];
export declare function stripJsonComments(source: string): string;
export declare function userGeminiDir(env: PeerHomeOptions['env']): string | null;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export declare function peerSettings(user: Record<string, any>, options: PeerHomeOptions): Record<string, any>;
export declare function peerHome(dir: string, options: PeerHomeOptions): Promise<string>;
