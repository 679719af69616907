// Generated from schemas/runner-manifest.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import type { CompiledValidator } from './types.js';

export declare const validateManifest: CompiledValidator;
export declare const validatePermissions: CompiledValidator;
