// The fs tools' argument schema as plain data, without its validators: what a server needs to
// list the tools, loadable before the rest of the fs layer.
import { readFileSync } from 'node:fs';
import { schemaPath } from '../package/root.js';

/** The fs tools' argument schema, as plain data (`$defs` has one shape per tool). */
export const fsToolsSchema = JSON.parse(readFileSync(schemaPath('fs-tools.schema.json'), 'utf8')) as {
  $id: string;
  $defs: Record<string, object>;
};
