// Small text helpers for the event mapper: one-line summaries and output digests (the transcript
// keeps a command's output size and sha256, never the output).
import { createHash } from 'node:crypto';

/** @param {string} text @param {number} [max] */
export function oneLine(text, max = 200) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** @param {string} output */
export function outputDigest(output) {
  const bytes = Buffer.from(output, 'utf8');
  return { output_bytes: bytes.length, output_sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The answer in a final text: the JSON object itself, or inside a ```json fence; undefined if none. */
export function parseAnswer(text) {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n```$/.exec(trimmed);
  try {
    return JSON.parse(fenced ? fenced[1] : trimmed);
  } catch {
    return undefined;
  }
}
