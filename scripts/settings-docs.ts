// Writes the settings table (src/settings/table.ts) into docs/bridge.md between its markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { SETTINGS_END, SETTINGS_START, settingsMarkdown } from '../src/settings/docs-table.js';

const file = new URL('../docs/bridge.md', import.meta.url);
const text = readFileSync(file, 'utf8');
const start = text.indexOf(SETTINGS_START);
const end = text.indexOf(SETTINGS_END);
if (start < 0 || end < start) throw new Error(`docs/bridge.md has no settings markers (${SETTINGS_START})`);
const next = `${text.slice(0, start + SETTINGS_START.length)}\n\n${settingsMarkdown()}\n\n${text.slice(end)}`;
writeFileSync(file, next);
