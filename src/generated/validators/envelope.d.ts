// Generated from schemas/envelope.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import type { CompiledValidator } from './types.js';

export declare const validateCore: CompiledValidator;
