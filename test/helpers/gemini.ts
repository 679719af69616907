// Points the real Gemini CLI (devDependency @google/gemini-cli) at the scripted Gemini API double,
// in a throw-away home, and grants the @peer-bridge/runner-gemini plugin what its manifest asks
// for in a config file (plugins are denied everything by default).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { manifest } from '../../packages/runner-gemini/index.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const geminiBin = path.join(repoRoot, 'node_modules', '.bin', 'gemini');

/**
 * HOME (with ~/.gemini/settings.json: no usage statistics) in `dir`, the API key and base URL of
 * the double at `origin`, the CLI binary, and PEER_BRIDGE_CONFIG granting the Gemini runner.
 */
export function geminiEnv(origin: string, dir: string): Record<string, string> {
  const home = path.join(dir, 'gemini-user');
  mkdirSync(path.join(home, '.gemini'), { recursive: true });
  writeFileSync(
    path.join(home, '.gemini', 'settings.json'),
    JSON.stringify({ privacy: { usageStatisticsEnabled: false }, telemetry: { enabled: false } }),
  );
  return {
    HOME: home,
    GEMINI_API_KEY: 'gemini-test-double',
    GOOGLE_GEMINI_BASE_URL: origin,
    PEER_BRIDGE_GEMINI_BIN: geminiBin,
    PEER_BRIDGE_CONFIG: geminiGrantConfig(dir),
  };
}

/** A config file in `dir` granting the Gemini runner its manifest (`grant` replaces it when given). */
export function geminiGrantConfig(dir: string, grant: object = manifest.permissions, key = 'gemini'): string {
  const file = path.join(dir, 'peer-bridge.config.json');
  writeFileSync(file, JSON.stringify({ runners: { [key]: { grant } } }, null, 2));
  return file;
}
