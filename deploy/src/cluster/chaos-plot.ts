import type { Fault } from './chaos-faults.js';

/** One time bucket of the run: requests answered 2xx per second, the p99 latency of every answer, and failed answers per second. */
export interface Bucket {
  t: number;
  okPerS: number;
  p99Ms: number;
  errorsPerS: number;
}

const W = 960;
const H = 420;
const PAD = { left: 60, right: 70, top: 30, bottom: 110 };
const COLOURS: Record<Fault['kind'], string> = {
  'kill-process': '#f4a261',
  'nats-restart': '#9b5de5',
  'host-cut': '#e63946',
  'postgres-restart': '#2a9d8f',
  'rolling-restart': '#8ecae6',
};

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The fault timeline against throughput (green), p99 latency (blue, right axis) and errors (red
 * bars), as a self-contained SVG: each fault a shaded span from its start to full service again.
 */
export function chaosPlot(buckets: Bucket[], faults: Fault[], durationMs: number): string {
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const x = (t: number) => PAD.left + (t / durationMs) * plotW;
  const maxOk = Math.max(1, ...buckets.map((b) => b.okPerS), ...buckets.map((b) => b.errorsPerS));
  const maxP99 = Math.max(1, ...buckets.map((b) => b.p99Ms));
  const yLeft = (v: number) => PAD.top + plotH - (v / maxOk) * plotH;
  const yRight = (v: number) => PAD.top + plotH - (v / maxP99) * plotH;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="11">`);
  parts.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  faults.forEach((f, i) => {
    if (f.startedAt === undefined) return;
    const end = f.recoveredAt ?? f.endedAt ?? f.startedAt;
    const x0 = x(f.startedAt);
    const width = Math.max(1.5, x(end) - x0);
    parts.push(
      `<rect x="${x0.toFixed(1)}" y="${PAD.top}" width="${width.toFixed(1)}" height="${plotH}" fill="${COLOURS[f.kind]}" opacity="0.25"><title>${esc(`${f.kind} ${f.target}`)}</title></rect>`,
    );
    const ly = H - PAD.bottom + 16 + (i % 6) * 13;
    parts.push(`<line x1="${x0.toFixed(1)}" y1="${PAD.top + plotH}" x2="${x0.toFixed(1)}" y2="${ly - 4}" stroke="${COLOURS[f.kind]}"/>`);
    parts.push(`<text x="${(x0 + 2).toFixed(1)}" y="${ly}" fill="#333">${esc(`${f.kind} ${f.target}`)}</text>`);
  });
  const barW = Math.max(1, plotW / Math.max(1, buckets.length) - 1);
  for (const b of buckets) {
    if (b.errorsPerS > 0)
      parts.push(
        `<rect x="${x(b.t).toFixed(1)}" y="${yLeft(b.errorsPerS).toFixed(1)}" width="${barW.toFixed(1)}" height="${(PAD.top + plotH - yLeft(b.errorsPerS)).toFixed(1)}" fill="#d62828"/>`,
      );
  }
  const line = (points: Array<[number, number]>, colour: string) =>
    `<polyline fill="none" stroke="${colour}" stroke-width="1.6" points="${points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(' ')}"/>`;
  parts.push(
    line(
      buckets.map((b) => [x(b.t), yLeft(b.okPerS)]),
      '#2b9348',
    ),
  );
  parts.push(
    line(
      buckets.map((b) => [x(b.t), yRight(b.p99Ms)]),
      '#1d4e89',
    ),
  );
  // Axes and labels.
  parts.push(`<line x1="${PAD.left}" y1="${PAD.top + plotH}" x2="${PAD.left + plotW}" y2="${PAD.top + plotH}" stroke="#000"/>`);
  parts.push(`<line x1="${PAD.left}" y1="${PAD.top}" x2="${PAD.left}" y2="${PAD.top + plotH}" stroke="#000"/>`);
  parts.push(`<line x1="${PAD.left + plotW}" y1="${PAD.top}" x2="${PAD.left + plotW}" y2="${PAD.top + plotH}" stroke="#000"/>`);
  for (let i = 0; i <= 4; i++) {
    const v = (maxOk * i) / 4;
    const p = (maxP99 * i) / 4;
    parts.push(`<text x="${PAD.left - 6}" y="${yLeft(v) + 4}" text-anchor="end">${v.toFixed(1)}</text>`);
    parts.push(`<text x="${PAD.left + plotW + 6}" y="${yRight(p) + 4}">${Math.round(p)}</text>`);
  }
  const minutes = durationMs / 60_000;
  const step = minutes > 5 ? 1 : 0.5;
  for (let m = 0; m <= minutes + 1e-9; m += step) parts.push(`<text x="${x(m * 60_000)}" y="${PAD.top + plotH + 12}" text-anchor="middle">${m} min</text>`);
  parts.push(`<text x="${PAD.left}" y="18" fill="#2b9348">— 2xx answers/s</text>`);
  parts.push(`<text x="${PAD.left + 130}" y="18" fill="#d62828">▮ failed answers/s (incl. cut connections)</text>`);
  parts.push(`<text x="${PAD.left + plotW}" y="18" fill="#1d4e89" text-anchor="end">— p99 latency, ms (right axis)</text>`);
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
