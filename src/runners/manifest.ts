// Runner manifests are validated against schemas/runner-manifest.schema.json at the load boundary.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { RunnerManifest, RunnerPermissions } from '../generated/runner-manifest.js';
import { RunnerLoadError } from './errors.js';

export type { RunnerManifest, RunnerPermissions };

// src/runners/ and dist/runners/ both sit two levels below the package root.
const schemaFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'schemas', 'runner-manifest.schema.json');

/** schemas/runner-manifest.schema.json as data. */
export const runnerManifestSchema = JSON.parse(readFileSync(schemaFile, 'utf8')) as Record<string, unknown>;

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validateManifestSchema = ajv.compile<RunnerManifest>(runnerManifestSchema);
/** Validator of one permissions object (the user's grants use the same shape, every key optional). */
export const validatePermissions = ajv.compile<Partial<RunnerPermissions>>({
  ...(runnerManifestSchema.$defs as Record<string, Record<string, unknown>>).permissions,
  required: [],
});

/** Returns the manifest when valid; throws RunnerLoadError listing every problem otherwise. */
export function validateManifest(manifest: unknown, where: string): RunnerManifest {
  if (validateManifestSchema(manifest)) return manifest;
  const problems = (validateManifestSchema.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  throw new RunnerLoadError(`invalid runner manifest in ${where}: ${problems.join('; ')}`);
}
