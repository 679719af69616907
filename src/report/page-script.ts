// The report page's script as text: the browser code lives in ./browser/page-script.js, where the
// type checker (its own tsconfig, with the DOM library) and eslint read it. Run from source, the
// text is read from that file; the build (scripts/build.ts) replaces this module with the text
// inlined, so dist/ needs no file beside the bundle.
import { readFileSync } from 'node:fs';

const PAGE_SCRIPT_SOURCE = new URL('./browser/page-script.js', import.meta.url);

export const PAGE_SCRIPT: string = readFileSync(PAGE_SCRIPT_SOURCE, 'utf8');
