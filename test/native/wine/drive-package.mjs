// Runs under the Windows node.exe (Wine in CI): drives the installed package as a Windows user
// would — the workbench MCP server over stdio with the MCP SDK client, and the CLI's doctor, run
// (with a runner plugin that starts a small fixture CLI) and runs. Plain JavaScript: nothing here
// may need a compiler. argv: <installed package dir> <workspace dir> <result JSON file>.
// Writes { steps: [{ name, ok, detail }] } and exits 1 when a step failed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const [pkg, workspace, resultFile] = process.argv.slice(2);
const main = path.join(pkg, 'dist', 'cli', 'main.cjs');
const require = createRequire(path.join(pkg, 'package.json'));
const steps = [];

async function step(name, fn) {
  try {
    steps.push({ name, ok: true, detail: await fn() });
  } catch (error) {
    steps.push({ name, ok: false, detail: String(error?.stack ?? error) });
  }
}

function expect(condition, message) {
  if (!condition) throw new Error(message);
}

// The CLI as a child of node.exe; its stdout is a Windows pipe here, which Wine handles.
function cli(args) {
  const r = spawnSync(process.execPath, [main, ...args], { cwd: workspace, encoding: 'utf8', timeout: 120_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, error: r.error?.message };
}

mkdirSync(workspace, { recursive: true });
writeFileSync(path.join(workspace, '说明.txt'), 'first line\r\nsecond line\r\n');

await step('workbench MCP server over stdio', async () => {
  const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
  const { StdioClientTransport } = require('@modelcontextprotocol/sdk/client/stdio.js');
  const client = new Client({ name: 'wine-driver', version: '1.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [main, 'serve', '--surface', 'workbench', '--workspace', workspace],
    stderr: 'pipe',
  });
  await client.connect(transport);
  try {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name).sort();
    expect(names.includes('edit_file') && names.includes('read_file'), `tools: ${names.join(', ')}`);
    const read = await client.callTool({ name: 'read_file', arguments: { path: '说明.txt' } });
    expect(!read.isError && read.structuredContent?.eol === 'crlf', `read_file: ${JSON.stringify(read)}`);
    const edit = await client.callTool({
      name: 'edit_file',
      arguments: { path: '说明.txt', old_string: 'second', new_string: 'edited' },
    });
    expect(!edit.isError, `edit_file: ${JSON.stringify(edit)}`);
    const edited = readFileSync(path.join(workspace, '说明.txt'), 'utf8');
    expect(edited === 'first line\r\nedited line\r\n', `content after edit_file: ${JSON.stringify(edited)}`);
    // Another program changes the file: the next write through the server must be refused.
    writeFileSync(path.join(workspace, '说明.txt'), 'changed by another program\r\n');
    const stale = await client.callTool({ name: 'write_file', arguments: { path: '说明.txt', content: 'x' } });
    const kept = readFileSync(path.join(workspace, '说明.txt'), 'utf8');
    expect(
      stale.isError && stale.structuredContent?.code === 'FS_STALE_VERSION',
      `write_file after an outside change: ${JSON.stringify(stale)}`,
    );
    expect(kept === 'changed by another program\r\n', `content after the refused write: ${JSON.stringify(kept)}`);
    return `${tools.length} tools; read_file (crlf), edit_file ok (CRLF kept); write_file after an outside change → FS_STALE_VERSION, nothing lost`;
  } finally {
    await client.close();
  }
});

await step('doctor --json', () => {
  const r = cli(['doctor', '--json']);
  const report = JSON.parse(r.stdout);
  const native = report.checks.find((c) => c.name === 'native');
  expect(report.platform === 'win32-x64' && native?.level === 'ok', `doctor: ${r.stdout}${r.stderr}`);
  return `exit ${r.code}; native: ${native.detail}`;
});

await step('run with a runner plugin and its fixture CLI', () => {
  const dir = path.join(workspace, 'runner');
  mkdirSync(dir, { recursive: true });
  // The fixture CLI: prints progress lines and the envelope core as its last line.
  writeFileSync(
    path.join(dir, 'fixture-cli.mjs'),
    `console.log(JSON.stringify({ progress: 'looking at ' + process.cwd() }));\n` +
      `console.log(JSON.stringify({ final: { status: 'complete', verdict: 'fixture CLI ran on ' + process.platform, findings: [process.argv[2]], files_touched: [], remaining: [], blockers: [] } }));\n`,
  );
  const node = JSON.stringify(process.execPath);
  const cliFile = JSON.stringify(path.join(dir, 'fixture-cli.mjs'));
  writeFileSync(
    path.join(dir, 'fixture-runner.mjs'),
    `export default {\n` +
      `  manifest: { id: 'fixture', apiVersion: 1, permissions: { run: [${node}], env: [], read: ['\${workspace}'], write: [] } },\n` +
      `  create: () => ({\n` +
      `    supportedEfforts: async () => null,\n` +
      `    async run(req, scope) {\n` +
      `      let answer = null;\n` +
      `      const r = await scope.spawn(${node}, [${cliFile}, 'task seen'], { onLine: (line) => {\n` +
      `        const m = JSON.parse(line);\n` +
      `        if (m.progress) req.onEvent({ type: 'progress', text: m.progress });\n` +
      `        if (m.final) answer = m.final;\n` +
      `      } });\n` +
      `      req.onEvent({ type: 'final', answer, text: null });\n` +
      `      return { exitCode: r.exitCode, signal: r.signal, stderrTail: r.stderrTail, outputLimitHit: r.outputLimitHit, aborted: r.aborted, lastAgentMessage: null, model: 'fixture', sessionId: null };\n` +
      `    },\n` +
      `  }),\n` +
      `};\n`,
  );
  writeFileSync(
    path.join(dir, 'peer-bridge.config.json'),
    JSON.stringify({
      runners: {
        './fixture-runner.mjs': { grant: { run: [process.execPath], env: [], read: ['${workspace}'], write: [] } },
      },
    }),
  );
  const r = cli([
    'run',
    'advise',
    'Say hello',
    '--runner',
    './fixture-runner.mjs',
    '--config',
    path.join(dir, 'peer-bridge.config.json'),
    '--workspace',
    workspace,
    '--json',
  ]);
  const envelope = JSON.parse(r.stdout || '{}');
  expect(
    r.code === 0 && envelope.status === 'complete' && envelope.verdict === 'fixture CLI ran on win32',
    `run: exit ${r.code} ${r.stdout}${r.stderr}`,
  );
  return `exit 0; status complete, verdict "${envelope.verdict}", run_id ${envelope.run_id}, direction ${envelope.direction}`;
});

await step('runs --json', () => {
  const r = cli(['runs', '--json', '--workspace', workspace]);
  const list = JSON.parse(r.stdout);
  expect(r.code === 0 && list[0]?.status === 'complete' && list[0]?.runner, `runs: ${r.stdout}${r.stderr}`);
  return `exit 0; newest: ${list[0].verb} by ${list[0].runner}, ${list[0].status}`;
});

writeFileSync(resultFile, JSON.stringify({ steps }, null, 2));
process.exitCode = steps.every((s) => s.ok) ? 0 : 1;
