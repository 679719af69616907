// Injected into the CommonJS bundles (scripts/build.ts): `import.meta.url` of the ES modules
// they are built from, as the bundle's own file URL.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const import_meta_url = require('node:url').pathToFileURL(__filename).href;
