// The MCP Registry entry: server.json validates against the registry's own schema, vendored byte
// for byte in schemas/vendor/ (its source and sha256 in the README beside it), and names the npm
// package, its stdio transport and the settings a user may give, as package.json does.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/package/root.js';

const root = packageRoot();
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const vendored = 'schemas/vendor/mcp-registry-server.schema.json';
// ajv-formats is CommonJS: under NodeNext its default export arrives as the module object.
const addFormats = addFormatsModule.default ?? addFormatsModule;

function registryValidator() {
  // draft-07 (ajv's default). The schema is valid draft-07 but not in ajv's strict style: it
  // requires properties a branch of an anyOf declares elsewhere (strictRequired), and its
  // `example` is documentation, not a keyword ajv knows.
  const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false });
  ajv.addVocabulary(['example']);
  addFormats(ajv);
  return ajv.compile(readJson(vendored));
}

describe('the MCP Registry entry (server.json)', () => {
  it('uses the vendored schema that the README beside it names, byte for byte', () => {
    const readme = readFileSync(path.join(root, 'schemas/vendor/README.md'), 'utf8');
    const row = readme.split('\n').find((line) => line.startsWith('| `mcp-registry-server.schema.json`'));
    expect(row, 'schemas/vendor/README.md has no row for the registry schema').toBeDefined();
    const sha = /`([0-9a-f]{64})`/.exec(row!)?.[1];
    const actual = createHash('sha256')
      .update(readFileSync(path.join(root, vendored)))
      .digest('hex');
    expect(actual).toBe(sha);
    expect(row).toContain('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
    expect(readJson(vendored).$id).toBe('https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json');
  });

  it('validates against the registry schema', () => {
    const validate = registryValidator();
    const server = readJson('server.json');
    expect(validate(server), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(server.$schema).toBe(readJson(vendored).$id);
    // The validator does refuse: a version range and an over-long description fail.
    const broken = structuredClone(server);
    broken.packages[0].version = 'latest';
    expect(validate(broken)).toBe(false);
    expect(validate({ ...server, description: 'x'.repeat(101) })).toBe(false);
  });

  it('has the name package.json claims in mcpName', () => {
    const pkg = readJson('package.json');
    const server = readJson('server.json');
    expect(pkg.mcpName).toBe(server.name);
    // The registry checks the namespace against the repository it is published from.
    const owner = /github\.com\/([^/]+)\//.exec(pkg.repository.url)?.[1];
    expect(server.name).toBe(`io.github.${owner}/${pkg.name}`);
  });

  it('starts the npm package over stdio with serve --runner, and describes every variable it names', () => {
    const pkg = readJson('package.json');
    const [npm, ...others] = readJson('server.json').packages;
    expect(others).toEqual([]);
    expect(npm).toMatchObject({ registryType: 'npm', identifier: pkg.name, transport: { type: 'stdio' } });
    expect(npm.packageArguments[0]).toMatchObject({ type: 'positional', value: 'serve' });
    const runner = npm.packageArguments.find((arg: { name?: string }) => arg.name === '--runner');
    expect(runner).toMatchObject({ type: 'named', choices: ['codex', 'claude'] });
    const bridgeVariables = readFileSync(path.join(root, 'docs/bridge.md'), 'utf8');
    const runnerPage = readFileSync(path.join(root, 'docs/runners-and-plugins.md'), 'utf8');
    for (const variable of npm.environmentVariables) {
      expect(variable.description, variable.name).toMatch(/\w+ \w+/);
      // Every variable is one the docs explain (and test/docs checks the docs against the code).
      if (variable.name.startsWith('PEER_BRIDGE_')) expect(bridgeVariables + runnerPage).toContain(variable.name);
    }
  });
});
