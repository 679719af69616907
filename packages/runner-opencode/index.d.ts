// Types of the OpenCode runner plugin for peer-bridge (the module is plain JavaScript).
import type { RunnerDefinition, RunnerManifest } from 'peer-bridge';

/** What the plugin asks for; the user's config file must grant all of it. */
export declare const manifest: RunnerManifest;

/** Effort levels the plugin passes to OpenCode as `--variant`. */
export declare const OPENCODE_EFFORTS: readonly string[];

/** The runner: `export default` of the module, loaded by peer-bridge. */
declare const runner: RunnerDefinition;
export default runner;
