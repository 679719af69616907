// `direction` names who handed work to whom, e.g. `claude-code->codex`.

const KNOWN_CLIENTS: readonly [RegExp, string][] = [
  [/claude/i, 'claude-code'],
  [/codex/i, 'codex'],
  [/cursor/i, 'cursor'],
  [/gemini/i, 'gemini'],
];

const RUNNER_NAMES: Readonly<Record<string, string>> = { codex: 'codex', claude: 'claude-code' };

// Direction parts may not hold whitespace or '>' (the envelope's pattern), and stay short.
function token(raw: string, fallback: string): string {
  const cleaned = raw
    .trim()
    .toLowerCase()
    .replace(/[\s>]+/g, '-')
    .replace(/-+/g, '-')
    .slice(0, 40);
  return cleaned === '' || cleaned === '-' ? fallback : cleaned;
}

/** The caller's side: a known MCP client name, else its sanitised name, else `surface` (cli, api). */
export function callerName(clientName: string | undefined, surface: string): string {
  if (clientName) {
    for (const [pattern, name] of KNOWN_CLIENTS) if (pattern.test(clientName)) return name;
    return token(clientName, surface);
  }
  return surface;
}

/** `caller->peer` from the MCP client's name (or the surface) and the runner id. */
export function direction(caller: string, runnerId: string): string {
  return `${token(caller, 'unknown')}->${RUNNER_NAMES[runnerId] ?? token(runnerId, 'runner')}`;
}
