// Waiting for a line on another process's (or worker's) stdout: the one way tests wait for a
// process to reach a point, without sleeping.
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';

/**
 * Resolves with the first line of `input` that satisfies `match`; rejects with the message `ended`
 * resolves to if that comes first (the process exited before printing it).
 */
export function firstLine(input: Readable, match: (line: string) => boolean, ended: Promise<string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input });
    lines.on('line', (line) => {
      if (!match(line)) return;
      lines.close();
      resolve(line);
    });
    void ended.then((message) => reject(new Error(message)));
  });
}
