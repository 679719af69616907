// The child's environment: a small safe base, plus the variables the runner was granted, plus the
// host's own PEER_BRIDGE_* values. Never a copy of process.env; code-injection variables are
// dropped even when granted.
import { SPAWN_ID_VARIABLE } from '../supervisor/spawn.js';
import { envCovered } from './permissions.js';
import { hostEnv } from '../settings/env.js';

// The locale categories of POSIX and glibc by name: an `LC_*` pattern would let any LC_SOMETHING through.
const LOCALE = [
  'LC_ALL',
  'LC_CTYPE',
  'LC_COLLATE',
  'LC_MESSAGES',
  'LC_MONETARY',
  'LC_NUMERIC',
  'LC_TIME',
  'LC_ADDRESS',
  'LC_IDENTIFICATION',
  'LC_MEASUREMENT',
  'LC_NAME',
  'LC_PAPER',
  'LC_TELEPHONE',
];
const BASE_POSIX = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', ...LOCALE, 'TZ', 'TMPDIR', 'TERM'];
const BASE_WINDOWS = [
  'PATH',
  'PATHEXT',
  'SystemRoot',
  'SystemDrive',
  'windir',
  'ComSpec',
  'TEMP',
  'TMP',
  'USERPROFILE',
  'USERNAME',
  'HOMEDRIVE',
  'HOMEPATH',
  'APPDATA',
  'LOCALAPPDATA',
  'ProgramData',
  'ProgramFiles',
  'ProgramFiles(x86)',
  'CommonProgramFiles',
  'NUMBER_OF_PROCESSORS',
  'PROCESSOR_ARCHITECTURE',
  'OS',
];

/** Variables that let a value run code in the child (preloads, interpreter options): never passed. */
export const ALWAYS_DROPPED = [
  'LD_*',
  'DYLD_*',
  'NODE_OPTIONS',
  'NODE_PATH',
  'NODE_REPL_EXTERNAL_MODULE',
  'ELECTRON_RUN_AS_NODE',
  'BASH_ENV',
  'ENV',
  'SHELLOPTS',
  'BASHOPTS',
  'PROMPT_COMMAND',
  'PS4',
  'ZDOTDIR',
  'PYTHONSTARTUP',
  'PYTHONPATH',
  'PERL5OPT',
  'PERL5LIB',
  'RUBYOPT',
  'JAVA_TOOL_OPTIONS',
  '_JAVA_OPTIONS',
  'JDK_JAVA_OPTIONS',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
  'GIT_CONFIG_KEY_*',
  'GIT_CONFIG_VALUE_*',
  'BASH_FUNC_*',
  'GCONV_PATH',
  'RUBYLIB',
  'PERLLIB',
  'LUA_INIT*',
];

/** Names the host itself sets for every child. */
export const HOST_VARIABLES = { depth: 'PEER_BRIDGE_DEPTH', spawnId: SPAWN_ID_VARIABLE } as const;

function matcher(patterns: readonly string[], caseInsensitive: boolean): (name: string) => boolean {
  const list = caseInsensitive ? patterns.map((p) => p.toUpperCase()) : patterns;
  return (name) => envCovered(caseInsensitive ? name.toUpperCase() : name, list);
}

/** True when `name` is never passed to a child. */
export function isDropped(name: string, platform: NodeJS.Platform = process.platform): boolean {
  return matcher(ALWAYS_DROPPED, platform === 'win32')(name);
}

export interface ChildEnvOptions {
  /** The parent's environment to pick from (default process.env). */
  source?: NodeJS.ProcessEnv;
  /** Granted names and `PREFIX*` patterns. */
  granted: readonly string[];
  /** Values the runner sets itself (already checked against the grant). */
  extra?: Record<string, string>;
  /** Host variables (PEER_BRIDGE_DEPTH, PEER_BRIDGE_SPAWN_ID). */
  host: Record<string, string>;
  platform?: NodeJS.Platform;
}

/** Builds the child's environment. */
export function buildChildEnv(options: ChildEnvOptions): Record<string, string> {
  const platform = options.platform ?? process.platform;
  const windows = platform === 'win32';
  const base = matcher(windows ? BASE_WINDOWS : BASE_POSIX, windows);
  const granted = matcher(options.granted, windows);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(options.source ?? hostEnv())) {
    if (value === undefined || isDropped(name, platform)) continue;
    if (base(name) || granted(name)) env[name] = value;
  }
  for (const [name, value] of Object.entries(options.extra ?? {})) {
    if (!isDropped(name, platform)) env[name] = value;
  }
  return { ...env, ...options.host };
}
