// Types of @peer-bridge/runner-gemini (the package itself is plain ESM JavaScript).
import type { ModelPrice, RunnerDefinition, RunnerManifest } from 'peer-bridge';

/** What the runner asks the host for. */
export declare const manifest: RunnerManifest;
/** USD estimate from a price table entry; null without one. */
export declare function estimateCost(tokens: Record<string, number>, price: ModelPrice | undefined): number | null;
declare const runner: RunnerDefinition;
export default runner;
