// The plugin host: loading, grants in both directions, and the checks ctx.spawn makes at run time.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadRunner, PermissionDenied, RunnerLoadError } from '../../src/runners/index.js';
import type { RunnerEvent } from '../../src/runners/types.js';
import { platformPackages, refineClaudeExecutable } from '../../src/runners/claude/executable.js';
import { alive, collector, request, root, setEnv, tempDir } from './helpers.js';

const fixture = path.join(root, 'test', 'fixtures', 'runners', 'echo-runner.ts');
const fullGrant = { run: ['node'], env: ['ECHO_RUNNER_*'], read: ['${workspace}'], write: [] };

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const undo of cleanups.splice(0).reverse()) await undo();
});

async function config(runners: Record<string, unknown>, dir?: string): Promise<string> {
  const folder = dir ?? (await tempDir('config'));
  const file = path.join(folder, 'peer-bridge.config.json');
  await writeFile(file, JSON.stringify({ runners }));
  return file;
}

async function runEcho(configPath: string, prompt = 'echo', specifier = fixture) {
  const workspace = await tempDir('ws');
  const runner = await loadRunner(specifier, { workspace, configPath });
  const events: RunnerEvent[] = [];
  await runner.run(request('advise', workspace, (e) => events.push(e), { prompt, depth: 4 }));
  const final = events.find((e) => e.type === 'final') as { answer: { env: Record<string, string> } } | undefined;
  return final!.answer.env;
}

describe('runner host', () => {
  it('loads a third-party runner whose request the user granted, and scrubs its child environment', async () => {
    cleanups.push(
      setEnv({
        PEER_BRIDGE_NODE_BIN: process.execPath,
        ECHO_RUNNER_GREETING: 'hello',
        PB_CANARY_VALUE: 'secret',
        NODE_OPTIONS: '--no-warnings',
      }),
    );
    const env = await runEcho(await config({ [fixture]: { grant: fullGrant } }));
    expect(env.ECHO_RUNNER_GREETING).toBe('hello');
    expect(env.PEER_BRIDGE_DEPTH).toBe('4');
    expect(env.PATH).toBeDefined();
    expect(env.PB_CANARY_VALUE).toBeUndefined();
    expect(env.NODE_OPTIONS).toBeUndefined();
  });

  it("runs in a workspace whose path holds replacement patterns ($&, $\\`, $')", async () => {
    // `${workspace}` was expanded with String.replaceAll, which reads `$&` & co. in the
    // replacement: the granted path became another path and every spawn was refused.
    cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
    const file = await config({ [fixture]: { grant: fullGrant } });
    for (const name of ['cost$&more', "it$'s", 'back$`tick']) {
      const workspace = path.join(await tempDir('ws'), name);
      await mkdir(workspace);
      const runner = await loadRunner(fixture, { workspace, configPath: file });
      const events: RunnerEvent[] = [];
      await runner.run(request('advise', workspace, (e) => events.push(e), { prompt: 'echo', depth: 2 }));
      expect(events.find((e) => e.type === 'final')).toMatchObject({ answer: { env: { PEER_BRIDGE_DEPTH: '2' } } });
    }
  });

  it('refuses to load a third-party runner with no grant, naming what it asked for', async () => {
    const workspace = await tempDir('ws');
    const error = await loadRunner(fixture, { workspace }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionDenied);
    expect(error).toMatchObject({
      name: 'PermissionDenied',
      code: 'ERR_PERMISSION_DENIED',
      permission: 'run',
      value: 'node',
    });
  });

  it('refuses a runner that asks for more than the grant covers', async () => {
    const workspace = await tempDir('ws');
    const narrow = await config({ [fixture]: { grant: { ...fullGrant, env: ['ECHO_RUNNER_GREETING'] } } });
    const error = await loadRunner(fixture, { workspace, configPath: narrow }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ERR_PERMISSION_DENIED', permission: 'env', value: 'ECHO_RUNNER_*' });
    expect((error as Error).message).toContain('ECHO_RUNNER_*');
    const noRead = await config({ [fixture]: { grant: { ...fullGrant, read: [] } } });
    await expect(loadRunner(fixture, { workspace, configPath: noRead })).rejects.toMatchObject({
      permission: 'read',
      value: '${workspace}',
    });
  });

  it('matches a relative specifier in the config against the same file', async () => {
    cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
    const dir = path.dirname(fixture);
    const folder = await tempDir('config');
    const relative = `./${path.relative(folder, dir).split(path.sep).join('/')}/echo-runner.ts`;
    const env = await runEcho(await config({ [relative]: { grant: fullGrant } }, folder));
    expect(env.PEER_BRIDGE_DEPTH).toBe('4');
  });

  it('stops a loaded runner that spawns an executable, a directory or a variable it was not granted', async () => {
    cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
    const file = await config({ [fixture]: { grant: fullGrant } });
    await expect(runEcho(file, 'spawn:sh')).rejects.toMatchObject({
      code: 'ERR_PERMISSION_DENIED',
      permission: 'run',
      value: 'sh',
    });
    await expect(runEcho(file, `cwd:${path.parse(root).root}`)).rejects.toMatchObject({
      code: 'ERR_PERMISSION_DENIED',
      permission: 'read',
    });
    await expect(runEcho(file, 'env:AWS_SECRET_ACCESS_KEY')).rejects.toMatchObject({
      code: 'ERR_PERMISSION_DENIED',
      permission: 'env',
    });
  });

  it('loads a runner once per process and loads it again when its config, environment or executable changed', async () => {
    const bin = path.join(await tempDir('bin'), 'node');
    await symlink(process.execPath, bin);
    cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: bin }));
    const file = await config({ [fixture]: { grant: fullGrant } });
    const workspace = await tempDir('ws');
    const first = await loadRunner(fixture, { workspace, configPath: file });
    expect(await loadRunner(fixture, { workspace, configPath: file })).toBe(first);
    // A narrower grant in the same file takes effect at the next load.
    await writeFile(file, JSON.stringify({ runners: { [fixture]: { grant: { ...fullGrant, env: [] } } } }));
    await expect(loadRunner(fixture, { workspace, configPath: file })).rejects.toMatchObject({ permission: 'env' });
    await writeFile(file, JSON.stringify({ runners: { [fixture]: { grant: fullGrant } } }));
    const second = await loadRunner(fixture, { workspace, configPath: file });
    expect(second).not.toBe(first);
    cleanups.push(setEnv({ ECHO_RUNNER_GREETING: 'changed' }));
    const third = await loadRunner(fixture, { workspace, configPath: file });
    expect(third).not.toBe(second);
    const { rm } = await import('node:fs/promises');
    await rm(bin);
    await expect(loadRunner(fixture, { workspace, configPath: file })).rejects.toMatchObject({
      code: 'ERR_RUNNER_LOAD',
    });
  });

  it('enforces the write grant: an implement run of a runner granted no write path starts no child', async () => {
    cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
    const file = await config({ [fixture]: { grant: fullGrant } });
    const workspace = await tempDir('ws');
    const runner = await loadRunner(fixture, { workspace, configPath: file });
    const spawned = collector();
    await expect(
      runner.run(request('implement', workspace, spawned.onEvent, { prompt: 'echo' })),
    ).rejects.toMatchObject({
      code: 'ERR_PERMISSION_DENIED',
      permission: 'write',
      value: workspace,
      message: expect.stringContaining('writing'),
    });
    expect(spawned.events).toEqual([]);
    // The same runner may still read: advise and review start their child.
    await runner.run(request('review', workspace, spawned.onEvent, { prompt: 'echo' }));
    expect(spawned.events.some((e) => e.type === 'final')).toBe(true);
  });

  it('refuses a cwd that is inside the workspace by name but a symlink to a folder outside it', async () => {
    // A write-capable child can leave such a link behind for the next run.
    cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
    const file = await config({ [fixture]: { grant: fullGrant } });
    const workspace = await tempDir('ws');
    const outside = await tempDir('outside');
    await symlink(outside, path.join(workspace, 'out'));
    const runner = await loadRunner(fixture, { workspace, configPath: file });
    await expect(runner.run(request('advise', workspace, () => {}, { prompt: 'cwd:out' }))).rejects.toMatchObject({
      code: 'ERR_PERMISSION_DENIED',
      permission: 'read',
    });
    await mkdir(path.join(workspace, 'inside'));
    await symlink(path.join(workspace, 'inside'), path.join(workspace, 'link-in'));
    const events: RunnerEvent[] = [];
    await runner.run(request('advise', workspace, (e) => events.push(e), { prompt: 'cwd:link-in' }));
    expect(events.some((e) => e.type === 'final')).toBe(true);
  });

  it("resolves an installed npm package from the config file's folder", async () => {
    cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
    const folder = await tempDir('config');
    const pkg = path.join(folder, 'node_modules', 'echo-runner-pkg');
    await mkdir(pkg, { recursive: true });
    await writeFile(
      path.join(pkg, 'package.json'),
      JSON.stringify({ name: 'echo-runner-pkg', type: 'module', exports: { '.': { import: './index.js' } } }),
    );
    // A plain object default export is a runner too: a plugin need not import peer-bridge.
    await writeFile(
      path.join(pkg, 'index.js'),
      [
        'export default {',
        "  manifest: { id: 'echo-runner-pkg', apiVersion: 1, permissions: { run: ['node'], env: ['ECHO_RUNNER_*'], read: ['${workspace}'], write: [] } },",
        '  create: () => ({',
        '    supportedEfforts: async () => null,',
        '    async run(req, scope) {',
        '      const seen = {};',
        "      const script = 'for (const k of Object.keys(process.env)) console.log(JSON.stringify([k, process.env[k]]))';",
        "      const r = await scope.spawn('node', ['-e', script], { onLine: (l) => { const [k, v] = JSON.parse(l); seen[k] = v; } });",
        "      req.onEvent({ type: 'final', answer: { env: seen }, text: null });",
        '      return { exitCode: r.exitCode, signal: r.signal, stderrTail: r.stderrTail, outputLimitHit: false, aborted: false, lastAgentMessage: null, model: null, sessionId: null };',
        '    },',
        '  }),',
        '};',
      ].join('\n'),
    );
    const env = await runEcho(
      await config({ 'echo-runner-pkg': { grant: fullGrant } }, folder),
      'echo',
      'echo-runner-pkg',
    );
    expect(env.PEER_BRIDGE_DEPTH).toBe('4');
  });

  it("refuses a plugin that claims a built-in runner's id", async () => {
    // The id names the runner in every envelope (direction `…->codex`) and decides whether an
    // output-limit envelope may carry Codex's partial output: a plugin may not pass for a built-in.
    const folder = await tempDir('config');
    const file = path.join(folder, 'fake-codex.mjs');
    await writeFile(
      file,
      "export default { manifest: { id: 'codex', apiVersion: 1, permissions: { run: [], env: [], read: [], write: [] } }, create: () => ({ supportedEfforts: async () => null, run: async () => { throw new Error('unused'); } }) };\n",
    );
    const configPath = await config({ './fake-codex.mjs': { grant: {} } }, folder);
    await expect(loadRunner('./fake-codex.mjs', { workspace: await tempDir('ws'), configPath })).rejects.toMatchObject({
      code: 'ERR_RUNNER_LOAD',
      message: expect.stringContaining('codex'),
    });
  });

  it('names the package.json of an installed runner package that is not valid JSON', async () => {
    const folder = await tempDir('config');
    const pkg = path.join(folder, 'node_modules', 'broken-runner-pkg');
    await mkdir(pkg, { recursive: true });
    await writeFile(path.join(pkg, 'package.json'), '{ "name": "broken-runner-pkg", ');
    const configPath = await config({ 'broken-runner-pkg': { grant: {} } }, folder);
    const error = await loadRunner('broken-runner-pkg', { workspace: await tempDir('ws'), configPath }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RunnerLoadError);
    expect((error as Error).message).toContain(path.join(pkg, 'package.json'));
  });

  it('never installs a runner package that is not there', async () => {
    const workspace = await tempDir('ws');
    const file = await config({});
    await expect(
      loadRunner('peer-bridge-runner-that-does-not-exist', { workspace, configPath: file }),
    ).rejects.toBeInstanceOf(RunnerLoadError);
  });

  it('rejects a runner whose manifest does not validate', async () => {
    const workspace = await tempDir('ws');
    const bad = path.join(root, 'test', 'fixtures', 'runners', 'bad-manifest.ts');
    await expect(loadRunner(bad, { workspace })).rejects.toMatchObject({
      code: 'ERR_RUNNER_LOAD',
      message: expect.stringContaining('apiVersion'),
    });
  });

  it('resolves the Claude npm stub (left by --ignore-scripts installs) to the platform binary', async () => {
    // A layout of its own: whether this checkout's install ran claude's postinstall must not matter.
    const modules = path.join(await tempDir('nm'), 'node_modules');
    const scope = path.join(modules, '@anthropic-ai');
    const stubFile = path.join(scope, 'claude-code', 'bin', 'claude.exe');
    const platformBinary = path.join(scope, platformPackages()[0]!, 'claude');
    await mkdir(path.dirname(stubFile), { recursive: true });
    await mkdir(path.dirname(platformBinary), { recursive: true });
    await mkdir(path.join(modules, '.bin'));
    await writeFile(stubFile, '#!/bin/sh\necho "claude native binary not installed" >&2\nexit 1\n', { mode: 0o755 });
    await writeFile(platformBinary, 'the real binary', { mode: 0o755 });
    const bin = path.join(modules, '.bin', 'claude');
    await symlink(path.relative(path.dirname(bin), stubFile), bin);
    expect(refineClaudeExecutable('claude', bin)).toBe(platformBinary);
    expect(refineClaudeExecutable('claude', platformBinary)).toBe(platformBinary);
    await writeFile(stubFile, 'a real claude.exe placed by the postinstall');
    expect(refineClaudeExecutable('claude', bin)).toBe(bin);
  });

  it('grants the built-ins their own manifest and says which override variable to set when the CLI is missing', async () => {
    const workspace = await tempDir('ws');
    cleanups.push(setEnv({ PEER_BRIDGE_CLAUDE_BIN: path.join(root, 'node_modules', '.bin', 'claude') }));
    const claude = await loadRunner('claude', { workspace });
    expect(claude.id).toBe('claude');
    cleanups.push(setEnv({ PEER_BRIDGE_CODEX_BIN: path.join(workspace, 'missing-codex') }));
    await expect(loadRunner('codex', { workspace })).rejects.toMatchObject({
      code: 'ERR_RUNNER_LOAD',
      message: expect.stringContaining('PEER_BRIDGE_CODEX_BIN'),
    });
  });

  describe.skipIf(process.platform !== 'linux')('a runner that misbehaves around abort', () => {
    const stubborn = path.join(root, 'test', 'fixtures', 'runners', 'stubborn-runner.ts');
    const grant = { run: ['node'], env: [], read: ['${workspace}'], write: [] };

    async function start(prompt: string, abortSettleMs?: number) {
      cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
      const workspace = await tempDir('ws');
      const runner = await loadRunner(stubborn, {
        workspace,
        configPath: await config({ [stubborn]: { grant } }),
        ...(abortSettleMs ? { abortSettleMs } : {}),
      });
      const controller = new AbortController();
      const seen = collector();
      const running = runner.run(request('advise', workspace, seen.onEvent, { prompt, signal: controller.signal }));
      running.catch(() => undefined);
      const event = (await seen.when((e) => e.type === 'progress')) as { text: string };
      return { runner, running, controller, pid: Number(event.text.slice(4)) };
    }

    it("cannot keep its child out of the run's abort with a signal of its own", async () => {
      const { running, controller, pid } = await start('own-signal');
      controller.abort();
      expect(await running).toMatchObject({ aborted: true, signal: 'SIGKILL' });
      expect(alive(pid)).toBe(false);
    });

    it('does not leave its child running when run() fails without waiting for it', async () => {
      const { running, pid } = await start('orphan');
      await expect(running).rejects.toThrow('runner bug');
      expect(alive(pid)).toBe(false);
    });

    it('cannot hang the caller once the run is aborted: run() rejects after a bounded time', async () => {
      const { running, controller, pid } = await start('hang', 300);
      controller.abort();
      await expect(running).rejects.toMatchObject({ code: 'ERR_RUNNER_UNRESPONSIVE' });
      expect(alive(pid)).toBe(false);
    });

    it('cannot hang the caller in supportedEfforts either', async () => {
      cleanups.push(setEnv({ PEER_BRIDGE_NODE_BIN: process.execPath }));
      const workspace = await tempDir('ws');
      const runner = await loadRunner(stubborn, {
        workspace,
        configPath: await config({ [stubborn]: { grant } }),
        abortSettleMs: 300,
        probeTimeoutMs: 300,
      });
      await expect(runner.supportedEfforts()).rejects.toMatchObject({ code: 'ERR_RUNNER_UNRESPONSIVE' });
    });
  });
});
