// Tool arguments are checked at the boundary against schemas/fs-tools.schema.json (the source of
// the generated argument types), with validators compiled from it at build time.
import type { ErrorObject } from 'ajv/dist/2020.js';
import { byName as compiled } from '../generated/validators/fs-tools.js';
import type { CompiledValidator } from '../generated/validators/types.js';
import { fsToolsSchema } from './tool-schema-data.js';

export { fsToolsSchema };

const validators: Partial<Record<string, CompiledValidator>> = compiled;

export function validatorFor(tool: string): CompiledValidator | undefined {
  if (!Object.hasOwn(fsToolsSchema.$defs, tool)) return undefined;
  const validate = Object.hasOwn(validators, tool) ? validators[tool] : undefined;
  if (!validate) throw new Error(`no compiled validator for fs-tools $defs/${tool}: run npm run gen:validators`);
  return validate;
}

export function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((error) => {
      const where = error.instancePath === '' ? 'arguments' : error.instancePath.slice(1).replace(/\//g, '.');
      if (error.keyword === 'additionalProperties')
        return `${where}: unknown field "${String(error.params.additionalProperty)}"`;
      return `${where} ${error.message ?? 'is invalid'}`;
    })
    .join('; ');
}
