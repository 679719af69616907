// Charts as inline SVG drawn from the data (no library, no network). Colours come from CSS
// classes, so light and dark mode restyle them; every chart has a title and a text alternative.
import type { Bucket, Outcome } from './aggregate.js';

const WIDTH = 640;
const ROW = 22;
const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Columns per day, stacked by outcome (ok, failed, unknown). */
export function callsPerDayChart(days: Bucket[], title: string): string {
  const height = 160;
  const max = Math.max(1, ...days.map((d) => d.calls.ok + d.calls.failed + d.calls.unknown));
  const step = days.length === 0 ? 0 : (WIDTH - 40) / days.length;
  const bar = Math.max(1, step * 0.8);
  const parts: string[] = [];
  days.forEach((day, i) => {
    let y = height - 20;
    const x = 40 + i * step;
    for (const outcome of ['ok', 'failed', 'unknown'] as Outcome[]) {
      const h = ((height - 30) * day.calls[outcome]) / max;
      if (h <= 0) continue;
      y -= h;
      const place = `x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}"`;
      const title = `<title>${esc(day.key)}: ${day.calls[outcome]} ${outcome}</title>`;
      parts.push(`<rect class="c-${outcome}" ${place}>${title}</rect>`);
    }
  });
  const first = days[0]?.key ?? '';
  const last = days.at(-1)?.key ?? '';
  return svg(title, height, [
    ...parts,
    `<text class="axis" x="36" y="14" text-anchor="end">${max}</text>`,
    `<text class="axis" x="40" y="${height - 4}">${esc(first)}</text>`,
    `<text class="axis" x="${WIDTH}" y="${height - 4}" text-anchor="end">${esc(last)}</text>`,
    `<line class="axis-line" x1="40" x2="${WIDTH}" y1="${height - 20}" y2="${height - 20}"/>`,
  ]);
}

/** Horizontal bars, one per bucket, largest first, with the value written at the end. */
export function barChart(
  buckets: Bucket[],
  value: (b: Bucket) => number,
  format: (n: number) => string,
  title: string,
): string {
  const rows = [...buckets].sort((a, b) => value(b) - value(a)).slice(0, 12);
  const max = Math.max(1e-9, ...rows.map(value));
  const height = Math.max(ROW, rows.length * ROW) + 8;
  const label = 170;
  const parts = rows.map((bucket, i) => {
    const y = 4 + i * ROW;
    const w = Math.max(0, ((WIDTH - label - 90) * value(bucket)) / max);
    const shown = esc(format(value(bucket)));
    const title = `<title>${esc(bucket.key)}: ${shown}</title>`;
    return (
      `<text class="label" x="${label - 6}" y="${y + 15}" text-anchor="end">${esc(bucket.key.slice(0, 28))}</text>` +
      `<rect class="bar" x="${label}" y="${y + 3}" width="${w.toFixed(1)}" height="${ROW - 6}">${title}</rect>` +
      `<text class="value" x="${(label + w + 6).toFixed(1)}" y="${y + 15}">${shown}</text>`
    );
  });
  if (rows.length === 0) parts.push(`<text class="label" x="8" y="16">no data</text>`);
  return svg(title, height, parts);
}

/** Columns per day of one value (cost or tokens). */
export function perDayChart(
  days: Bucket[],
  value: (b: Bucket) => number,
  format: (n: number) => string,
  title: string,
): string {
  const height = 140;
  const max = Math.max(1e-9, ...days.map(value));
  const step = days.length === 0 ? 0 : (WIDTH - 40) / days.length;
  const parts = days.map((day, i) => {
    const h = ((height - 30) * value(day)) / max;
    const x = (40 + i * step).toFixed(1);
    const y = (height - 20 - h).toFixed(1);
    const width = Math.max(1, step * 0.8).toFixed(1);
    const title = `<title>${esc(day.key)}: ${esc(format(value(day)))}</title>`;
    return `<rect class="bar" x="${x}" y="${y}" width="${width}" height="${h.toFixed(1)}">${title}</rect>`;
  });
  return svg(title, height, [
    ...parts,
    `<text class="axis" x="36" y="14" text-anchor="end">${esc(format(days.length ? max : 0))}</text>`,
    `<line class="axis-line" x1="40" x2="${WIDTH}" y1="${height - 20}" y2="${height - 20}"/>`,
  ]);
}

function svg(title: string, height: number, parts: string[]): string {
  const open = `<svg class="chart" viewBox="0 0 ${WIDTH + 10} ${height}" role="img" aria-label="${esc(title)}">`;
  return `${open}<title>${esc(title)}</title>${parts.join('')}</svg>`;
}
