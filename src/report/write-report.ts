// Writes the HTML report (atomically: a reader never sees half a page) and opens it on request.
import { spawn } from 'node:child_process';
import { rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stateDirectory } from '../state/paths.js';
import { STATE_DIR } from '../vocabulary.js';
import { collectReport, type CollectOptions } from './collect.js';
import { renderPage } from './page.js';

export const DEFAULT_REPORT_FILE = 'runs.html';

export interface WrittenReport {
  file: string;
  bytes: number;
  calls: number;
}

/** Collects, renders and writes the report; `file` defaults to `.peer-bridge/runs.html`. */
export async function writeReport(
  workspace: string,
  file: string | undefined,
  version: string,
  options: CollectOptions = {},
): Promise<WrittenReport> {
  const target = file ? path.resolve(file) : path.join(await stateDirectory(workspace, STATE_DIR), DEFAULT_REPORT_FILE);
  const report = await collectReport(workspace, options);
  const html = renderPage(report, version);
  const staged = `${target}.${process.pid}.tmp`;
  try {
    await writeFile(staged, html, { encoding: 'utf8', flag: 'wx' });
    await rename(staged, target);
  } catch (error) {
    await unlink(staged).catch(() => undefined);
    throw error;
  }
  return { file: target, bytes: Buffer.byteLength(html), calls: report.runs.length };
}

/** Opens `file` with the system's handler; resolves to an error message, or null once it started. */
export function openInBrowser(file: string): Promise<string | null> {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [file]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '""', file]]
        : ['xdg-open', [file]];
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'ignore', detached: true, windowsHide: true });
    child.once('error', (error) => resolve(`${command} could not start (${error.message}); open ${file} yourself`));
    child.once('spawn', () => {
      child.unref();
      resolve(null);
    });
  });
}
