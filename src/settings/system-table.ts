// The variables the bridge reads that are not its own: set by the system, the shell or another tool.
// Variables the bridge only hands on to its peers (provider keys, proxies) are the runners' env
// grants (runners/env-grants), not rows here.
import { filePath, text } from './parse.js';
import { entry } from './setting.js';

export const SYSTEM_SETTINGS = {
  HOME: entry({
    parse: filePath,
    shownDefault: "the user's home folder",
    sets: 'where `.codex` and `.claude` are looked for when `CODEX_HOME` or `CLAUDE_CONFIG_DIR` is unset',
    scope: 'system',
    readers: ['codex-config/layers', 'cli/doctor-credentials', 'cli/doctor-claude-settings'],
  }),
  // Read by Node itself (os.homedir(), os.tmpdir()), not through readSetting: listed so that the
  // docs name every variable that moves the bridge's files.
  USERPROFILE: entry({
    parse: filePath,
    shownDefault: "the user's profile folder",
    sets: "the home folder on Windows, as Node's `os.homedir()` reads it (the cache and `.codex` / `.claude` under it)",
    scope: 'system',
    readers: ['node:os homedir() (runners/codex/models, codex-config/layers, bridge/workspace)'],
  }),
  TMPDIR: entry({
    parse: filePath,
    shownDefault: '`/tmp` (Windows: `TEMP`, `TMP`)',
    sets:
      "where `doctor --live`, a runner's scratch folders and `acceptance` make their temporary folders " +
      "(Node's `os.tmpdir()`)",
    scope: 'system',
    readers: ['node:os tmpdir() (cli/doctor-live, runners/run-scope, acceptance/run)'],
  }),
  CODEX_HOME: entry({
    parse: filePath,
    shownDefault: '`$HOME/.codex`',
    sets: "the Codex home whose configuration, login and model list the bridge reads (the Codex peer's too)",
    scope: 'system',
    readers: ['codex-config/layers', 'runners/codex/index'],
  }),
  CLAUDE_CONFIG_DIR: entry({
    parse: filePath,
    shownDefault: '`$HOME/.claude`',
    sets: "Claude Code's configuration folder, whose settings and login `doctor` reads",
    scope: 'system',
    readers: ['cli/doctor-credentials', 'cli/doctor-claude-settings'],
  }),
  XDG_CACHE_HOME: entry({
    parse: filePath,
    shownDefault: '`$HOME/.cache`',
    sets: "the cache folder on Linux when `PEER_BRIDGE_CACHE_DIR` is unset (peer-bridge's is a folder in it)",
    scope: 'system',
    readers: ['runners/codex/models'],
  }),
  LOCALAPPDATA: entry({
    parse: filePath,
    shownDefault: '`AppData\\Local` in the home folder',
    sets: "the cache folder on Windows when `PEER_BRIDGE_CACHE_DIR` is unset (peer-bridge's is in it)",
    scope: 'system',
    readers: ['runners/codex/models'],
  }),
  PATH: entry({
    parse: text,
    shownDefault: 'none',
    sets:
      'where `codex`, `claude` and the commands of a plugin runner are found, when no ' +
      '`PEER_BRIDGE_<NAME>_BIN` names them',
    scope: 'system',
    readers: ['runners/executable'],
  }),
  Path: entry({
    parse: text,
    shownDefault: 'none',
    sets: '`PATH` as Windows spells it, in an environment handed to the bridge as a plain object',
    scope: 'system',
    readers: ['runners/executable'],
  }),
  PATHEXT: entry({
    parse: text,
    shownDefault: '`.COM;.EXE;.BAT;.CMD`',
    sets: 'the endings a command on `PATH` may have on Windows',
    scope: 'system',
    readers: ['runners/executable'],
  }),
  ComSpec: entry({
    parse: filePath,
    shownDefault: '`cmd.exe`',
    sets: "the Windows command shell that runs the CLIs' `.cmd` shims and the acceptance's shell steps",
    scope: 'system',
    readers: ['supervisor/windows-shim', 'acceptance/host'],
  }),
  SystemRoot: entry({
    parse: filePath,
    shownDefault: '`C:\\windows`',
    sets: "where the Windows acceptance looks for Wine's `winecfg.exe` (to tell Wine from Windows)",
    scope: 'system',
    readers: ['acceptance/host'],
  }),
  GIT_DIR: entry({
    parse: filePath,
    shownDefault: 'none',
    sets: 'when set, the workspace snapshot asks git even with no `.git` above the workspace (git reads it too)',
    scope: 'system',
    readers: ['state/workspace-snapshot'],
  }),
  GIT_WORK_TREE: entry({
    parse: filePath,
    shownDefault: 'none',
    sets: 'as `GIT_DIR`',
    scope: 'system',
    readers: ['state/workspace-snapshot'],
  }),
  CLAUDE_CODE_ENTRYPOINT: entry({
    parse: text,
    shownDefault: 'none',
    sets: "`sdk-cli` (set by `claude -p`) lets the Claude Code plugin's hook allow its own bridge tools",
    scope: 'system',
    readers: ['client-plugin/claude-headless-allow'],
  }),
  PREBUILDS_ONLY: entry({
    parse: text,
    shownDefault: 'none',
    sets: 'any value loads the addon and the reaper from `prebuilds/` only, never from `build/`',
    scope: 'test',
    readers: ['native/load', 'supervisor/reaper'],
  }),
};
