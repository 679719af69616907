// Runner manifests are validated against schemas/runner-manifest.schema.json at the load boundary.
import { readFileSync } from 'node:fs';
import type { RunnerManifest, RunnerPermissions } from '../generated/runner-manifest.js';
import * as compiled from '../generated/validators/runner-manifest.js';
import type { CompiledValidator } from '../generated/validators/types.js';
import { schemaPath } from '../package/root.js';
import { RunnerLoadError } from './errors.js';

export type { RunnerManifest, RunnerPermissions };

const schemaFile = schemaPath('runner-manifest.schema.json');

/** schemas/runner-manifest.schema.json as data. */
export const runnerManifestSchema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;

// Compiled from the schema file at build time (scripts/gen-validators.ts).
const validateManifestSchema = compiled.validateManifest as CompiledValidator<RunnerManifest>;
/** Validator of one permissions object (the user's grants use the same shape, every key optional). */
export const validatePermissions = compiled.validatePermissions as CompiledValidator<Partial<RunnerPermissions>>;

/** Returns the manifest when valid; throws RunnerLoadError listing every problem otherwise. */
export function validateManifest(manifest: unknown, where: string): RunnerManifest {
  if (validateManifestSchema(manifest)) return manifest;
  const problems = (validateManifestSchema.errors ?? []).map(
    (e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`,
  );
  throw new RunnerLoadError(`invalid runner manifest in ${where}: ${problems.join('; ')}`);
}
