// Generated from schemas/fs-tools.schema.json by scripts/gen-validators.ts (npm run gen:validators). Do not edit.
import type { CompiledValidator } from './types.js';

export declare const read_file: CompiledValidator;
export declare const write_file: CompiledValidator;
export declare const edit_file: CompiledValidator;
export declare const multi_edit: CompiledValidator;
export declare const notebook_edit: CompiledValidator;
export declare const delete_range: CompiledValidator;
export declare const delete_symbol: CompiledValidator;
export declare const move_file: CompiledValidator;
export declare const todo_write: CompiledValidator;
export declare const byName: Readonly<Record<"read_file" | "write_file" | "edit_file" | "multi_edit" | "notebook_edit" | "delete_range" | "delete_symbol" | "move_file" | "todo_write", CompiledValidator>>;
