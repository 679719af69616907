// Tool arguments are checked at the boundary against schemas/fs-tools.schema.json (the source of
// the generated argument types), compiled once.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

// src/fs/ and dist/fs/ both sit two levels below the package root.
const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas', 'fs-tools.schema.json');

/** The fs tools' argument schema, as plain data (`$defs` has one shape per tool). */
export const fsToolsSchema = JSON.parse(readFileSync(schemaFile, 'utf8')) as { $id: string; $defs: Record<string, object> };

const ajv = new Ajv2020({ allErrors: true, strict: true });
ajv.addSchema(fsToolsSchema);
const validators = new Map<string, ValidateFunction>();

export function validatorFor(tool: string): ValidateFunction | undefined {
  if (!Object.hasOwn(fsToolsSchema.$defs, tool)) return undefined;
  let validate = validators.get(tool);
  if (!validate) {
    validate = ajv.getSchema(`${fsToolsSchema.$id}#/$defs/${tool}`);
    if (!validate) throw new Error(`fs-tools schema has no $defs/${tool}`);
    validators.set(tool, validate);
  }
  return validate;
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const where = error.instancePath === '' ? 'arguments' : error.instancePath.slice(1).replace(/\//g, '.');
      if (error.keyword === 'additionalProperties') return `${where}: unknown field "${String(error.params.additionalProperty)}"`;
      return `${where} ${error.message ?? 'is invalid'}`;
    })
    .join('; ');
}
