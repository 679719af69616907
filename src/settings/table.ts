// Every PEER_BRIDGE_* variable in one table: how it is parsed, its default, what it sets and who
// reads it. docs/bridge.md lists them from here (test/settings keeps the two equal). Imports nothing
// heavy: the CLI and the workbench's early handshake load it.
import { oneOf, text, timerMs, wholeNumber, type Parser } from './parse.js';

export type Scope = 'host' | 'carried' | 'test';

export interface Setting<T> {
  parse: Parser<T>;
  /** The value when unset or empty; undefined when the reader computes it (then `shownDefault` says how). */
  default?: T;
  /** The default as the docs show it. */
  shownDefault: string;
  /** What it sets, one line for the docs. */
  sets: string;
  /** `host`: the user sets it; `carried`: the bridge sets it for its children; `test`: tests and CI. */
  scope: Scope;
  /** The modules that read it. */
  readers: string[];
}

const entry = <T>(setting: Setting<T>): Setting<T> => setting;

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
    parse: text,
    shownDefault: '30d',
    sets:
      'age past which transcripts and incidents are removed (`30d`, `12h`, `90m`; `0` = never); see ' +
      '[state-and-recovery.md](state-and-recovery.md#how-long-it-is-kept)',
    scope: 'host',
    readers: ['state/retention-settings'],
  }),
  PEER_BRIDGE_STATE_MAX_BYTES: entry({
    parse: text,
    shownDefault: '256 MiB',
    sets:
      'total size of transcripts and incidents past which the oldest are removed (at least 1 MiB, e.g. ' +
      '`512MiB`; `0` = no limit)',
    scope: 'host',
    readers: ['state/retention-settings'],
  }),
  PEER_BRIDGE_CODEX_BIN: entry({
    parse: text,
    shownDefault: '`codex` on `PATH`',
    sets: 'the Codex CLI the `codex` runner starts',
    scope: 'host',
    readers: ['runners/executable', 'bridge/call/default-runner'],
  }),
  PEER_BRIDGE_CLAUDE_BIN: entry({
    parse: text,
    shownDefault: '`claude` on `PATH`',
    sets: 'the Claude Code CLI the `claude` runner starts',
    scope: 'host',
    readers: ['runners/executable'],
  }),
  PEER_BRIDGE_CONFIG: entry({
    parse: text,
    shownDefault: 'none',
    sets: 'the config file (runner grants, price table) when `--config` names none',
    scope: 'host',
    readers: ['runners/load', 'cli/runner-option', 'cli/doctor-credentials'],
  }),
  PEER_BRIDGE_PASS_ENV: entry({
    parse: text,
    shownDefault: 'none',
    sets: 'more variables a built-in runner passes to its peer (`A, B_*`)',
    scope: 'host',
    readers: ['runners/env-grants'],
  }),
  PEER_BRIDGE_LOCK_DIR: entry({
    parse: text,
    shownDefault: 'a per-user directory',
    sets: 'where cross-process lock files and the version-token key live; see [file-safety.md](file-safety.md)',
    scope: 'host',
    readers: ['fs/lock-dir', 'bridge/peer-workbench'],
  }),
  PEER_BRIDGE_CACHE_DIR: entry({
    parse: text,
    shownDefault: "the user's cache folder",
    sets: "peer-bridge's cache folder (the Codex model list)",
    scope: 'host',
    readers: ['runners/codex/models'],
  }),
  PEER_BRIDGE_PEER_WORKBENCH: entry({
    parse: text,
    shownDefault: 'on',
    sets: 'whether implement peers get the workbench (`off`, `0`, `false`, `no` switch it off)',
    scope: 'host',
    readers: ['bridge/peer-workbench'],
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
    parse: text,
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
    readers: ['supervisor/priority'],
  }),
  PEER_BRIDGE_NATIVE_FORCE: entry({
    parse: text,
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
  PEER_BRIDGE_REQUIRE_WINE: entry({
    parse: text,
    shownDefault: 'none',
    sets: '`1` makes a missing Wine toolchain a test failure, not a skip',
    scope: 'test',
    readers: ['test/helpers/wine'],
  }),
  PEER_BRIDGE_REQUIRE_ARM64: entry({
    parse: text,
    shownDefault: 'none',
    sets: '`1` makes a missing arm64 toolchain a test failure, not a skip',
    scope: 'test',
    readers: ['test/native/linux-arm64-qemu'],
  }),
};

export type SettingName = keyof typeof SETTINGS;
export type SettingValue<N extends SettingName> = (typeof SETTINGS)[N] extends Setting<infer T> ? T : never;
