// Generated from schemas/mcp-tools.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import type { CompiledValidator } from './types.js';

export declare const bridge_implement: CompiledValidator;
export declare const bridge_advise: CompiledValidator;
export declare const bridge_review: CompiledValidator;
export declare const bridge_status: CompiledValidator;
export declare const byName: Readonly<Record<"bridge_implement" | "bridge_advise" | "bridge_review" | "bridge_status", CompiledValidator>>;
