// Command output is never carried in events: only its size and digest.
import { createHash } from 'node:crypto';

export function outputDigest(text: string): { output_bytes: number; output_sha256: string } {
  const bytes = Buffer.from(text, 'utf8');
  return { output_bytes: bytes.length, output_sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** First line of `text`, at most `max` characters (for progress lines). */
export function oneLine(text: string, max = 200): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** JSON.parse that returns undefined instead of throwing. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
