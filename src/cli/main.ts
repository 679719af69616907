#!/usr/bin/env node
// The `peer-bridge` command. Subcommands load lazily, so --help, --version and doctor still work
// when a part (the native addon, a runner) cannot load.
// Built, this is a CommonJS file (dist/cli/main.cjs) and `run` another one that it requires, so a
// call starts its child without Node's ES module loader; the other commands are ES modules it
// imports (scripts/build.ts). Nothing else loads before the command: what only --version or an
// error needs is imported where it is needed.
import module from 'node:module';
import type { UsageError } from './args.js';

// V8's code cache, where Node offers it (22.1 and later): a later start loads the commands'
// chunks without compiling them again. Node 20 has no such cache and runs without it.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();

const HELP = `Usage: peer-bridge <command> [options]

Hand work from one coding agent to another over MCP.

Commands:
  serve       serve the bridge over MCP on stdio (register this with Claude Code, Codex, …)
  run         run one call: peer-bridge run <implement|advise|review> "<task>" (or --task-file FILE)
  doctor      check Node, the native addon, the runner CLIs and the workspace
  runs        list recent calls from the workspace's ledger (--html: a page to look at)
  config      print how to register the bridge with Claude Code or Codex on this machine
  acceptance  run the file-safety acceptance sequences on this machine (report: pass / fail)

Options:
  -h, --help      show help (also after a command: peer-bridge run --help)
  -v, --version   print the version`;

type Command = (argv: string[]) => Promise<number | 'serving'>;

const COMMANDS: Record<string, () => Promise<Command>> = {
  serve: async () => (await import('./serve.js')).serve,
  run: async () => (await import('./run.js')).run,
  doctor: async () => (await import('./doctor.js')).doctor,
  runs: async () => (await import('./runs.js')).runs,
  config: async () => (await import('./config.js')).config,
  acceptance: async () => (await import('./acceptance.js')).acceptance,
};

// Own keys only: "constructor" and the like are not commands.
const commandNamed = (name: string | undefined) =>
  name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;

/** Runs the command line; resolves to the exit code, or 'serving' while the MCP server runs. */
export async function main(argv: string[]): Promise<number | 'serving'> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command === undefined ? 2 : 0;
  }
  if (command === '--version' || command === '-v') {
    console.log((await import('../package/version.js')).version);
    return 0;
  }
  const load = commandNamed(command);
  if (!load) {
    const what = command.startsWith('-') ? 'option' : 'command';
    throw new (await import('./args.js')).UsageError(
      `unknown ${what} ${JSON.stringify(command)}; commands: ${Object.keys(COMMANDS).join(', ')}`,
    );
  }
  return (await load())(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== 'serving') process.exitCode = code;
  },
  async (error: unknown) => {
    // By its code, not its class: the run command is bundled apart from this file (scripts/build.ts)
    // with its own copy of the class.
    if ((error as { code?: unknown } | null)?.code === ('usage' satisfies UsageError['code'])) {
      // The help of the command that was given, when there is one.
      const command = process.argv[2];
      const help = commandNamed(command) ? `peer-bridge ${command} --help` : 'peer-bridge --help';
      process.stderr.write(`peer-bridge: ${(error as UsageError).message}\nRun ${help} for usage.\n`);
      process.exitCode = 2;
      return;
    }
    const coded = error as { code?: string; message?: string };
    process.stderr.write(`peer-bridge: ${coded.code ? `${coded.code}: ` : ''}${coded.message ?? String(error)}\n`);
    // A bridge error means the command line (or its environment) was wrong: bad usage.
    process.exitCode = (await import('../bridge/errors.js')).isBridgeErrorCode(coded.code) ? 2 : 1;
  },
);
