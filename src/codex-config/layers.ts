// The files Codex 0.171 reads its configuration from, lowest precedence first, and which of them
// it uses: /etc/codex/config.toml, $CODEX_HOME/config.toml (else ~/.codex/config.toml), every
// `.codex/config.toml` from the project root down to the working directory when trusted, and the
// managed configuration on top.
import { realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSetting } from '../settings/read.js';
import { mergeTables, withoutDenied } from './merge.js';
import { DEFAULT_ROOT_MARKERS, ancestors, projectTrust, type ProjectTrust } from './project-trust.js';
import { describeProblem, readTomlFile, type TomlFile, type TomlTable } from './toml-file.js';

export type LayerSource = 'system' | 'user' | 'project' | 'managed';

export interface ConfigLayer {
  source: LayerSource;
  file: TomlFile;
  /** Its tables are part of what Codex uses. */
  used: boolean;
  /** Codex refuses to start because of this file. */
  fatal: boolean;
  /** Why a file that exists is not used, or what is wrong with it; null when all is well. */
  note: string | null;
}

export interface LayerOptions {
  env: NodeJS.ProcessEnv;
  /** Codex's working directory (the workspace); without it, no project layer. */
  cwd?: string;
  /** Where the system-wide files are (default /etc/codex; none on Windows). */
  systemDir?: string | null;
  platform?: NodeJS.Platform;
}

/** CODEX_HOME, else ~/.codex. */
export function codexHome(env: NodeJS.ProcessEnv): string {
  return readSetting('CODEX_HOME', env) ?? path.join(readSetting('HOME', env) ?? os.homedir(), '.codex');
}

const real = (p: string) => {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

const isDir = (p: string) => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

// A required file: a missing one is an empty table; one that does not parse stops Codex.
function requiredLayer(source: LayerSource, file: string): ConfigLayer {
  const read = readTomlFile(file);
  if (read.state === 'parsed') return { source, file: read, used: true, fatal: false, note: null };
  if (read.state === 'missing') return { source, file: read, used: false, fatal: false, note: null };
  const note = `${describeProblem(file, read.problem!)} (Codex does not start until it is fixed)`;
  return { source, file: read, used: false, fatal: true, note };
}

function rootMarkers(config: TomlTable): { markers: string[]; problem: string | null } {
  const value = config.project_root_markers;
  if (value === undefined) return { markers: DEFAULT_ROOT_MARKERS, problem: null };
  if (Array.isArray(value) && value.every((m) => typeof m === 'string')) return { markers: value, problem: null };
  return { markers: DEFAULT_ROOT_MARKERS, problem: 'project_root_markers must be an array of strings' };
}

function projectLayer(dir: string, trust: ProjectTrust, userFile: string): ConfigLayer {
  const read = readTomlFile(path.join(dir, '.codex', 'config.toml'));
  const decision = trust.decide(dir);
  const trusted = decision.level === 'trusted';
  if (read.state !== 'parsed') {
    const problem = describeProblem(read.path, read.problem!);
    return trusted
      ? { source: 'project', file: read, used: false, fatal: true, note: `${problem} (Codex does not start)` }
      : { source: 'project', file: read, used: false, fatal: false, note: `${problem} (ignored: not trusted)` };
  }
  if (!trusted) {
    const note =
      decision.level === 'untrusted'
        ? `not used: ${decision.key} is marked untrusted in ${userFile}`
        : `not used: the project is not trusted; add [projects.${JSON.stringify(decision.key)}] ` +
          `trust_level = "trusted" to ${userFile}`;
    return { source: 'project', file: read, used: false, fatal: false, note };
  }
  const { dropped } = withoutDenied(read.value!);
  const note = dropped.length > 0 ? `Codex ignores ${dropped.join(', ')} in a project's file` : null;
  return { source: 'project', file: read, used: true, fatal: false, note };
}

function projectLayers(cwd: string, merged: TomlTable, home: string, userFile: string): ConfigLayer[] {
  const { markers } = rootMarkers(merged);
  const trust = projectTrust(cwd, merged, markers);
  const dirs = ancestors(cwd);
  const top = dirs.indexOf(trust.root);
  const homeReal = real(home);
  return dirs
    .slice(0, top === -1 ? 1 : top + 1)
    .reverse()
    .filter((dir) => isDir(path.join(dir, '.codex')) && real(path.join(dir, '.codex')) !== homeReal)
    .map((dir) => projectLayer(dir, trust, userFile))
    .filter((layer) => layer.file.state !== 'missing');
}

/** Every configuration file Codex would read for a run in `options.cwd`, in the order it layers them. */
export function configLayers(options: LayerOptions): ConfigLayer[] {
  const platform = options.platform ?? process.platform;
  const systemDir = options.systemDir !== undefined ? options.systemDir : platform === 'win32' ? null : '/etc/codex';
  const home = codexHome(options.env);
  const userFile = path.join(home, 'config.toml');
  const layers: ConfigLayer[] = [];
  if (systemDir) layers.push(requiredLayer('system', path.join(systemDir, 'config.toml')));
  layers.push(requiredLayer('user', userFile));
  const userMerged = layers.filter((l) => l.used).reduce<TomlTable>((acc, l) => mergeTables(acc, l.file.value!), {});
  const { problem } = rootMarkers(userMerged);
  if (problem) Object.assign(layers[layers.length - 1]!, { note: `${problem} (Codex does not start)`, fatal: true });
  if (options.cwd) layers.push(...projectLayers(real(options.cwd), userMerged, home, userFile));
  const managed = systemDir ? path.join(systemDir, 'managed_config.toml') : path.join(home, 'managed_config.toml');
  layers.push(requiredLayer('managed', managed));
  return layers;
}

/** The configuration Codex uses: the used layers merged, a project's denied keys left out. */
export function mergeLayers(layers: readonly ConfigLayer[]): TomlTable {
  return layers
    .filter((layer) => layer.used)
    .reduce<TomlTable>(
      (acc, layer) =>
        mergeTables(acc, layer.source === 'project' ? withoutDenied(layer.file.value!).config : layer.file.value!),
      {},
    );
}
