// The settings table as the Markdown docs/bridge.md shows (scripts/settings-docs.ts writes it there).
import { PATTERN_SETTINGS, SETTINGS, type Scope, type Setting } from './table.js';

const HEADINGS: Record<Scope, string> = {
  host:
    'Set by the user, in the environment of the server, of `peer-bridge run` or of the program that ' +
    'calls `runBridge`:',
  carried: 'Set by the bridge for its children (a user sets them only to reproduce a child):',
  system:
    'Set by the system or by other tools, and read by the bridge (the variables it only hands on to its peers, ' +
    "such as provider keys and proxies, are the runners' env grants: see " +
    '[runners-and-plugins.md](runners-and-plugins.md#model-providers-proxies-and-credentials)):',
  test: "Read by the project's tests, CI scripts and the addon's fallback checks:",
};

/** The Markdown between the settings markers of docs/bridge.md. */
export function settingsMarkdown(): string {
  const entries = [...Object.entries(SETTINGS), ...Object.entries(PATTERN_SETTINGS)] as [string, Setting<unknown>][];
  const blocks = (Object.keys(HEADINGS) as Scope[]).map((scope) => {
    const rows = entries
      .filter(([, setting]) => setting.scope === scope)
      .map(
        ([name, setting]) => `| \`${name}\` | ${setting.sets} | ${setting.parse.allowed} | ${setting.shownDefault} |`,
      );
    const head = ['| variable | what it sets | allowed | default |', '|---|---|---|---|'];
    return [HEADINGS[scope], '', ...head, ...rows].join('\n');
  });
  return blocks.join('\n\n');
}

export const SETTINGS_START = '<!-- settings table: written by `npm run docs:settings` from src/settings/table.ts -->';
export const SETTINGS_END = '<!-- end of settings table -->';
