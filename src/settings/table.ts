// Every variable the bridge reads, in one table: how it is parsed, its default, what it sets and who
// reads it. docs/bridge.md lists them from here (test/settings keeps the two equal), and no module
// outside src/settings reads the environment but through it (test/settings/reads checks).
// Imports nothing heavy: the CLI and the workbench's early handshake load it.
import { age, filePath, onOff, oneOf, size, text, timerMs, wholeNumber } from './parse.js';
import { entry, type Setting } from './setting.js';
import { SYSTEM_SETTINGS } from './system-table.js';

export type { Scope, Setting } from './setting.js';

const MiB = 1024 * 1024;

export const SETTINGS = {
  PEER_BRIDGE_MAX_OUTPUT_BYTES: entry({
    parse: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'a whole number of bytes, at least 1'),
    default: 32 * 1024 * 1024,
    shownDefault: '32 MiB',
    sets: "a peer's total output before it is stopped",
    scope: 'host',
    readers: ['bridge/call/child-limits'],
  }),
  PEER_BRIDGE_HEARTBEAT_MS: entry({
    parse: timerMs(1, 'a whole number of milliseconds from 1 to 2147483647'),
    default: 5000,
    shownDefault: '5000',
    sets: 'quiet time before a progress heartbeat',
    scope: 'host',
    readers: ['bridge/call/child-limits'],
  }),
  PEER_BRIDGE_UNREACHABLE_MS: entry({
    parse: timerMs(0, 'a whole number of milliseconds from 0 (never) to 2147483647'),
    default: 20_000,
    shownDefault: '20000',
    sets:
      'how long a peer may keep failing to connect to its model, with no model output, before the call ends ' +
      '`blocked` with fault `model-unreachable` (`0` = never)',
    scope: 'host',
    readers: ['bridge/call/child-limits'],
  }),
  PEER_BRIDGE_MAX_DEPTH: entry({
    parse: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'a non-negative integer'),
    default: 1,
    shownDefault: '1',
    sets: 'the depth limit',
    scope: 'host',
    readers: ['bridge/depth', 'cli/doctor'],
  }),
  PEER_BRIDGE_MAX_PEERS: entry({
    parse: wholeNumber(1, 1024, 'a whole number from 1 to 1024 (peers one server runs at once)'),
    shownDefault: 'one per core, 2 to 8',
    sets: 'peers one server runs at once; later calls wait in line (1 to 1024; `serve` only)',
    scope: 'host',
    readers: ['bridge/peer-pool', 'mcp/server', 'cli/doctor'],
  }),
  PEER_BRIDGE_MAX_WRITERS: entry({
    parse: wholeNumber(0, 64, 'a whole number from 0 to 64 (implement calls at once per workspace; 0 = no limit)'),
    default: 1,
    shownDefault: '1',
    sets: 'implement calls at once on one workspace, across processes (0 to 64; `0` = no limit)',
    scope: 'host',
    readers: ['bridge/writer-setting', 'cli/doctor'],
  }),
  PEER_BRIDGE_PEER_NICE: entry({
    parse: wholeNumber(0, 19),
    default: 10,
    shownDefault: '10',
    sets:
      'how much lower than the harness peers run, in CPU priority (like `nice -n`; 0 to 19, `0` = level with ' +
      'it); see [runners-and-plugins.md](runners-and-plugins.md)',
    scope: 'host',
    readers: ['supervisor/priority', 'bridge/call/child-limits', 'cli/doctor'],
  }),
  // Below 1 KiB not even initialize fits; above 256 MiB the decoded line nears V8's string limit.
  PEER_BRIDGE_MAX_MESSAGE_BYTES: entry({
    parse: wholeNumber(1024, 256 * 1024 * 1024, `a whole number of bytes from 1024 to ${256 * 1024 * 1024}`),
    default: 64 * 1024 * 1024,
    shownDefault: '64 MiB',
    sets: 'the largest JSON-RPC message `serve` reads (1 KiB to 256 MiB; `serve` only)',
    scope: 'host',
    readers: ['mcp/stdio/message-size'],
  }),
  // Below 10000 a window would hold little more than the result's own fields; above 4 MiB, more than
  // the library's own 4 MiB window.
  PEER_BRIDGE_MAX_RESULT_BYTES: entry({
    parse: wholeNumber(10_000, 4 * 1024 * 1024, `a whole number of bytes from 10000 to ${4 * 1024 * 1024}`),
    default: 40_000,
    shownDefault: '40000',
    sets: 'the most characters a workbench tool result holds (10000 to 4 MiB); see [file-safety.md](file-safety.md)',
    scope: 'host',
    readers: ['mcp/result-budget'],
  }),
  PEER_BRIDGE_STATE_MAX_AGE: entry({
    parse: age('an age such as 30d, 12h or 90m, or 0 to keep files whatever their age'),
    shownDefault: '30d',
    sets:
      'age past which transcripts and incidents are removed (`30d`, `12h`, `90m`; `0` = never); see ' +
      '[state-and-recovery.md](state-and-recovery.md#how-long-it-is-kept)',
    scope: 'host',
    readers: ['state/retention-settings'],
  }),
  // Below 1 MiB a limit is taken for a typo ("256" meaning MiB), not a wish to keep nothing: it
  // would remove each call's transcript as soon as the call ends.
  PEER_BRIDGE_STATE_MAX_BYTES: entry({
    parse: size(
      MiB,
      'a size of at least 1 MiB, in bytes or with KiB, MiB or GiB (e.g. 512MiB), or 0 for no size limit',
    ),
    shownDefault: '256 MiB',
    sets:
      'total size of transcripts and incidents past which the oldest are removed (at least 1 MiB, e.g. ' +
      '`512MiB`; `0` = no limit)',
    scope: 'host',
    readers: ['state/retention-settings'],
  }),
  PEER_BRIDGE_CODEX_BIN: entry({
    parse: filePath,
    shownDefault: '`codex` on `PATH`',
    sets: 'the Codex CLI the `codex` runner starts',
    scope: 'host',
    readers: ['runners/executable', 'bridge/call/default-runner', 'bridge/probe', 'runners/load'],
  }),
  PEER_BRIDGE_CLAUDE_BIN: entry({
    parse: filePath,
    shownDefault: '`claude` on `PATH`',
    sets: 'the Claude Code CLI the `claude` runner starts',
    scope: 'host',
    readers: ['runners/executable', 'bridge/probe', 'runners/load'],
  }),
  PEER_BRIDGE_GEMINI_BIN: entry({
    parse: text,
    shownDefault: '`gemini` on `PATH`',
    sets: 'the Gemini CLI the `gemini` runner plugin (`@peer-bridge/runner-gemini`) starts',
    scope: 'host',
    readers: ['runners/executable'],
  }),
  PEER_BRIDGE_CONFIG: entry({
    parse: filePath,
    shownDefault: 'none',
    sets: 'the config file (runner grants, price table) when `--config` names none',
    scope: 'host',
    readers: [
      'runners/load',
      'cli/runner-option',
      'cli/doctor-credentials',
      'cli/doctor-plugins',
      'cli/doctor',
      'cli/doctor/opencode',
    ],
  }),
  PEER_BRIDGE_PASS_ENV: entry({
    // Each item is checked by its reader (runners/env-grants), which names the bad one.
    parse: { ...text, allowed: 'variable names or `PREFIX_*` patterns, comma-separated' },
    shownDefault: 'none',
    sets: 'more variables a built-in runner passes to its peer (`A, B_*`)',
    scope: 'host',
    readers: ['runners/env-grants'],
  }),
  PEER_BRIDGE_LOCK_DIR: entry({
    parse: filePath,
    shownDefault: 'a per-user directory',
    sets: 'where cross-process lock files and the version-token key live; see [file-safety.md](file-safety.md)',
    scope: 'host',
    readers: ['fs/lock-dir', 'bridge/peer-workbench', 'cli/doctor'],
  }),
  PEER_BRIDGE_CACHE_DIR: entry({
    parse: filePath,
    shownDefault: "the user's cache folder",
    sets: "peer-bridge's cache folder (the Codex model list)",
    scope: 'host',
    readers: ['runners/codex/models'],
  }),
  PEER_BRIDGE_PEER_WORKBENCH: entry({
    parse: onOff,
    default: true,
    shownDefault: 'on',
    sets: 'whether implement peers get the workbench (`off`, `0`, `false` or `no` switch it off)',
    scope: 'host',
    readers: ['bridge/peer-workbench'],
  }),
  PEER_BRIDGE_SNAPSHOT_MONITOR: entry({
    parse: onOff,
    default: true,
    shownDefault: 'on',
    sets:
      "whether a call's workspace snapshots in a git repository on Linux watch the work tree (inotify) and tell " +
      'Git what changed, instead of Git looking at every tracked file (`off` switches it off)',
    scope: 'host',
    readers: ['state/status-monitor'],
  }),
  PEER_BRIDGE_REAPER: entry({
    // Whether the file is executable is checked by its reader (supervisor/reaper), on Linux only.
    parse: { ...text, allowed: '`off` or the path of an executable file' },
    shownDefault: "the package's own reaper (Linux)",
    sets: '`off` supervises without the reaper; a path names another reaper binary',
    scope: 'host',
    readers: ['supervisor/reaper', 'bridge/call/child-limits', 'cli/doctor'],
  }),
  PEER_BRIDGE_SPAWN_THREAD: entry({
    parse: oneOf('on', 'off'),
    shownDefault: 'chosen per platform',
    sets: 'whether children are started from a worker thread (`on`) or the main thread (`off`)',
    scope: 'host',
    readers: ['supervisor/start-process', 'bridge/call/child-limits'],
  }),
  PEER_BRIDGE_NATIVE_PATH: entry({
    parse: filePath,
    shownDefault: "the package's own addon",
    sets: 'an explicit `peer-bridge.node` to load',
    scope: 'host',
    readers: ['native/load', 'cli/doctor'],
  }),
  PEER_BRIDGE_DIAGNOSTICS: entry({
    parse: oneOf('on', 'off'),
    default: 'off',
    shownDefault: 'off',
    sets:
      '`on`: either server also answers the `peer-bridge/diagnostics` request (its own event-loop stall and ' +
      'memory; not a tool); see [Diagnostics](#diagnostics)',
    scope: 'host',
    readers: ['mcp/diagnostics'],
  }),
  PEER_BRIDGE_DEPTH: entry({
    parse: wholeNumber(0, Number.MAX_SAFE_INTEGER, 'a non-negative integer'),
    default: 0,
    shownDefault: '0',
    sets: 'the bridge depth this process was launched at (the bridge sets it for its children)',
    scope: 'carried',
    readers: ['bridge/depth', 'runners/load', 'cli/doctor'],
  }),
  PEER_BRIDGE_SPAWN_ID: entry({
    parse: text,
    shownDefault: 'none',
    sets: "the marker by which a child's process tree is found (the bridge sets it)",
    scope: 'carried',
    readers: ['supervisor/spawn', 'runners/env'],
  }),
  PEER_BRIDGE_REAPER_NICE: entry({
    parse: wholeNumber(0, 19),
    shownDefault: 'none',
    sets: 'the nice increment the bridge hands its reaper (which removes it before the peer starts)',
    scope: 'carried',
    readers: ['native/reaper/linux.cc (set by supervisor/strategy-reaper)'],
  }),
  PEER_BRIDGE_NATIVE_FORCE: entry({
    // Read by the addon itself, which checks it.
    parse: { ...text, allowed: '`op:fallback` pairs, comma-separated' },
    shownDefault: 'none',
    sets:
      "forces the addon's fallbacks (`rename:link-unlink,stat:fstat,lock:flock`); " +
      'see [native-addon.md](native-addon.md)',
    scope: 'test',
    readers: ['native addon (C++)'],
  }),
  PEER_BRIDGE_ACCEPTANCE_HOST: entry({
    parse: oneOf('wine', 'native'),
    shownDefault: 'guessed',
    sets: 'whether the Windows acceptance run is under Wine or native',
    scope: 'test',
    readers: ['acceptance/host'],
  }),
  ...SYSTEM_SETTINGS,
  PEER_BRIDGE_REQUIRE_WINE: entry({
    parse: oneOf('0', '1'),
    shownDefault: 'none',
    sets: '`1` makes a missing Wine toolchain a test failure, not a skip',
    scope: 'test',
    readers: ['test/helpers/wine'],
  }),
  PEER_BRIDGE_REQUIRE_ARM64: entry({
    parse: oneOf('0', '1'),
    shownDefault: 'none',
    sets: '`1` makes a missing arm64 toolchain a test failure, not a skip',
    scope: 'test',
    readers: ['test/native/linux-arm64-qemu'],
  }),
};

export type SettingName = keyof typeof SETTINGS;

/**
 * Variables named by a pattern: one row stands for every name it matches. `PEER_BRIDGE_<NAME>_BIN`
 * names the executable of a command `<NAME>` a runner is granted (`codex` and `claude` have rows
 * of their own above).
 */
export const PATTERN_SETTINGS = {
  'PEER_BRIDGE_<NAME>_BIN': {
    ...entry({
      parse: filePath,
      shownDefault: '`<name>` on `PATH`',
      sets: 'the executable a runner starts for the command `<name>` (upper-cased, other characters `_`)',
      scope: 'host',
      readers: ['runners/executable', 'runners/load'],
    }),
    matches: /^PEER_BRIDGE_[A-Z0-9_]+_BIN$/,
  },
};

export type PatternName = keyof typeof PATTERN_SETTINGS;
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends Setting<infer T> ? T : never;
