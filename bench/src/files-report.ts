import { availableParallelism, cpus } from 'node:os';

import { type ChunkedUploadFigures, chunkPercentile } from './chunked-upload-phase.js';
import { type CpuSplit, describeSplit } from './cpu-split.js';
import { round } from './load.js';
import type { PresignedFigures } from './presigned-rounds.js';
import { mib, SAMPLE_MS } from './process-rss.js';
import type { BenchFile, ChunkObjectFigures, DirectPutFigures } from './store-baselines.js';
import type { WebUploadFigures } from './web-upload-phase.js';

/** The files bench's summary, its results file and its closing ratios, from every phase's figures. */

const MB = 1_000_000;

export interface FilesBenchSettings {
  chunkBytes: number;
  inFlight: number;
  rttMs: number;
  directRuns: number;
  rounds: number;
  budgetRatio: number;
}

export interface FilesBenchFigures {
  settings: FilesBenchSettings;
  file: BenchFile;
  direct: DirectPutFigures;
  chunkObjects: ChunkObjectFigures;
  presigned: PresignedFigures;
  chunked: ChunkedUploadFigures;
  /** The files processes' RSS before the uploads, MiB. */
  idle: Record<string, number>;
  web?: WebUploadFigures;
  webSplit?: CpuSplit;
}

function splitJson(split: CpuSplit) {
  return {
    seconds: Object.fromEntries(Object.entries(split.seconds).map(([name, s]) => [name, round(s, 2)])),
    otherCpu: split.usage ? round(split.usage.others, 2) : null,
  };
}

/** The figures every part of the report shares. */
function derived(f: FilesBenchFigures) {
  const bytes = f.file.data.length;
  const directMBs = bytes / MB / f.direct.seconds;
  const gatewayMBs = bytes / MB / f.chunked.totalS;
  return { bytes, directMBs, gatewayMBs, ratio: gatewayMBs / directMBs };
}

/** The summary printed once every phase has run. */
export function summaryLines(f: FilesBenchFigures): string[] {
  const { settings: s, chunked: c, presigned: p, direct, chunkObjects: co, web, webSplit } = f;
  const { bytes, directMBs, gatewayMBs, ratio } = derived(f);
  const directS = direct.seconds;
  const pct = (at: number) => chunkPercentile(c, at);
  const lines = [
    '',
    `${mib(bytes)} MiB in ${f.file.chunks.length} chunks of ${s.chunkBytes} bytes, ${s.inFlight} in flight${s.rttMs ? `, the client ${s.rttMs} ms round trip from the gateway` : ''}:`,
    `  chunks through the gateway: ${c.chunksS.toFixed(2)} s (${(bytes / MB / c.chunksS).toFixed(1)} MB/s), then complete: ${(c.totalS - c.chunksS).toFixed(2)} s (${c.polls} polls)`,
    `  a chunk request: p50 ${pct(0.5)} ms, p90 ${pct(0.9)} ms, max ${pct(1)} ms`,
    `  upload + complete:          ${c.totalS.toFixed(2)} s, ${gatewayMBs.toFixed(1)} MB/s`,
    `  direct S3 PUT:              ${directS.toFixed(2)} s, ${directMBs.toFixed(1)} MB/s`,
    `  direct PUTs of the chunks:  ${co.seconds.toFixed(2)} s (the store's own cost of chunk objects: ratio ${(directS / co.seconds).toFixed(2)} before any join)`,
    `  + joining them directly:    ${co.joinSeconds.toFixed(2)} s (the store's own cost of a chunked upload, nothing else: ratio ${(directS / (co.seconds + co.joinSeconds)).toFixed(2)})`,
    `  direct multipart upload:    ${p.multipartS.toFixed(2)} s (the store's own cost of S3 multipart from memory, no chunks: ratio ${(directS / p.multipartS).toFixed(2)})`,
    `  presigned parts + complete: ${p.presignedS.toFixed(2)} s, ${(bytes / MB / p.presignedS).toFixed(1)} MB/s, best of ${s.rounds} (parts ${p.presignedBest.parts.toFixed(2)} s, complete ${p.presignedBest.complete.toFixed(2)} s in ${p.presignedBest.polls} calls; all: ${p.presignedTimes.map((t) => t.toFixed(2)).join(', ')} s)`,
    `ratio gateway/direct: ${ratio.toFixed(2)} (budget >= ${s.budgetRatio})`,
  ];
  for (const [app, r] of Object.entries(c.rss)) {
    lines.push(
      `  ${app} RSS during the upload (${r.samples} samples): min ${r.minMiB} MiB, max ${r.maxMiB} MiB (range ${r.growthMiB} MiB; ${mib(bytes)} MiB uploaded)`,
    );
    lines.push(`    trace: ${r.traceMiB.join(' → ')} MiB`);
  }
  for (const [app, r] of Object.entries(p.rss)) {
    lines.push(`  ${app} RSS during the presigned uploads (${r.samples} samples): min ${r.minMiB} MiB, max ${r.maxMiB} MiB (range ${r.growthMiB} MiB)`);
  }
  if (web) {
    lines.push(
      `The files page in Chromium, ${mib(bytes)} MiB, from the Upload button to the file's page (its sha256, the upload, complete's check):`,
      `  straight to the store: ${web.storeSeconds.toFixed(2)} s (${(bytes / MB / web.storeSeconds).toFixed(1)} MB/s)`,
      `  in chunks through the API: ${web.chunksSeconds.toFixed(2)} s (${(bytes / MB / web.chunksSeconds).toFixed(1)} MB/s)`,
      `  page to the store / store's multipart: ${(p.multipartS / web.storeSeconds).toFixed(2)}; to the store / in chunks: ${(web.chunksSeconds / web.storeSeconds).toFixed(1)} times as fast`,
    );
  }
  if (c.retries) lines.push(`  ${c.retries} chunk retries (503/429)`);
  lines.push(
    'CPU seconds by process (launcher = this client and the embedded store):',
    `  direct PUTs (${s.directRuns}): ${describeSplit(direct.split)}`,
    `  direct chunk PUTs: ${describeSplit(co.split)}`,
    `  chunks:     ${describeSplit(c.chunkSplit)}`,
    `  complete:   ${describeSplit(c.completeSplit)}`,
    `  store multipart + presigned (${s.rounds} rounds): ${describeSplit(p.split)}`,
  );
  if (webSplit) lines.push(`  the files page in Chromium (both uploads): ${describeSplit(webSplit)}`);
  return lines;
}

/** What bench/results/files.json holds. */
export function resultsJson(f: FilesBenchFigures) {
  const { settings: s, chunked: c, presigned: p, direct, chunkObjects: co, web, webSplit } = f;
  const { bytes, directMBs, gatewayMBs, ratio } = derived(f);
  const directS = direct.seconds;
  const pct = (at: number) => chunkPercentile(c, at);
  return {
    benchmark: 'files',
    finishedAt: new Date().toISOString(),
    machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version },
    storage: process.env.S3_ENDPOINT ? 'S3_ENDPOINT' : 's3rver',
    settings: { fileBytes: bytes, chunkBytes: s.chunkBytes, chunks: f.file.chunks.length, inFlight: s.inFlight, rssSampleMs: SAMPLE_MS },
    gateway: {
      seconds: round(c.totalS, 3),
      chunkSeconds: round(c.chunksS, 3),
      chunkMs: { p50: pct(0.5), p90: pct(0.9), max: pct(1) },
      completeSeconds: round(c.totalS - c.chunksS, 3),
      completePolls: c.polls,
      MBps: round(gatewayMBs, 2),
      retries: c.retries,
    },
    direct: { seconds: round(directS, 3), MBps: round(directMBs, 2), runs: direct.runs.map((t) => round(t, 3)) },
    directMultipart: { seconds: round(p.multipartS, 3), runs: p.multipartTimes.map((t) => round(t, 3)), ratioCeiling: round(directS / p.multipartS, 3) },
    directChunks: {
      seconds: round(co.seconds, 3),
      MBps: round(bytes / MB / co.seconds, 2),
      joinSeconds: round(co.joinSeconds, 3),
      ratioCeiling: round(directS / (co.seconds + co.joinSeconds), 3),
    },
    presigned: {
      seconds: round(p.presignedS, 3),
      runs: p.presignedTimes.map((t) => round(t, 3)),
      partsSeconds: round(p.presignedBest.parts, 3),
      completeSeconds: round(p.presignedBest.complete, 3),
      completeCalls: p.presignedBest.polls,
      MBps: round(bytes / MB / p.presignedS, 2),
    },
    ratio: round(ratio, 3),
    budget: { min: s.budgetRatio, met: ratio >= s.budgetRatio },
    ratioGatewayStoreMultipart: round(p.multipartS / c.totalS, 3),
    ratioPresignedStoreMultipart: round(p.multipartS / p.presignedS, 3),
    presignedRounds: p.roundRatios.map((r) => round(r, 3)),
    ratioPresignedStoreMultipartMedian: round(p.medianRatio, 3),
    storeReadBack: { runs: p.readBackTimes.map((t) => round(t, 3)) },
    ratioPresignedStoreChecked: round(p.checkedS / p.presignedS, 3),
    ratioPresignedStoreCheckedMedian: round(p.medianChecked, 3),
    presignedCheckedRounds: p.checkedRatios.map((r) => round(r, 3)),
    webPage: web
      ? {
          storeSeconds: round(web.storeSeconds, 3),
          chunksSeconds: round(web.chunksSeconds, 3),
          ratioStoreMultipart: round(p.multipartS / web.storeSeconds, 3),
          otherCpu: webSplit ? splitJson(webSplit).otherCpu : null,
        }
      : null,
    rss: { idleMiB: f.idle, during: c.rss, presigned: p.rss },
    cpu: {
      direct: splitJson(direct.split),
      directChunks: splitJson(co.split),
      chunks: splitJson(c.chunkSplit),
      complete: splitJson(c.completeSplit),
      presigned: splitJson(p.split),
    },
  };
}

/** Last, for a reader or a script: both paths against the store's own multipart upload, same run. */
export function ratioLines(f: FilesBenchFigures): string[] {
  const { presigned: p, chunked: c, settings: s } = f;
  return [
    `ratio presigned/store-multipart: ${(p.multipartS / p.presignedS).toFixed(2)} (best of each; median of the ${s.rounds} rounds ${p.medianRatio.toFixed(2)}; target >= 0.9)`,
    `ratio presigned/store-multipart-and-read-back: ${(p.checkedS / p.presignedS).toFixed(2)} (best of each; median of the ${s.rounds} rounds ${p.medianChecked.toFixed(2)}; the ceiling of a checked upload)`,
    `ratio gateway/store-multipart: ${(p.multipartS / c.totalS).toFixed(2)} (target >= 0.8)`,
  ];
}
