import { setTimeout as sleep } from 'node:timers/promises';

import { api, type TestMember } from '@marketplace/testing';

import { CpuPhase, type CpuSplit } from './cpu-split.js';
import { round } from './load.js';
import { type RssSummary, sampleRss, summariseAll } from './process-rss.js';
import type { BenchFile } from './store-baselines.js';
import { sendChunk } from './upload-requests.js';

/*
 * The file uploaded in raw REST chunks through the gateway (a few in flight at once) and
 * completed (the files worker joins it as the chunks arrive), the files processes' RSS sampled
 * throughout and the CPU split for the chunks and for complete.
 */

export interface ChunkedUploadFigures {
  /** Create to ready, and to the last chunk's answer. */
  totalS: number;
  chunksS: number;
  /** Each chunk request's milliseconds, fastest first. */
  sortedMs: number[];
  polls: number;
  retries: number;
  chunkSplit: CpuSplit;
  completeSplit: CpuSplit;
  rss: Record<string, RssSummary>;
}

export interface ChunkedUploadOptions {
  /** The gateway as the client reaches it (through the delaying proxy when there is one). */
  clientBase: string;
  member: TestMember;
  file: BenchFile;
  chunkDigests: string[];
  chunkBytes: number;
  inFlight: number;
  named: Record<string, number>;
  filesPids: Record<string, number>;
}

export async function chunkedUpload(o: ChunkedUploadOptions): Promise<ChunkedUploadFigures> {
  const {
    clientBase,
    member,
    file: { data, digest, chunks },
  } = o;
  const sampler = sampleRss(o.filesPids);
  const chunkCpu = await CpuPhase.start(o.named);
  const started = performance.now();
  const created = await api(clientBase, '/api/me/files', {
    key: member.key,
    method: 'POST',
    body: { path: 'bench/hundred.bin', size: data.length, sha256: digest, chunkBytes: o.chunkBytes },
  });
  if (created.status !== 201) throw new Error(`Create answered ${created.status}: ${JSON.stringify(created.body)}`);
  const id = created.body.file.id as string;
  if (created.body.chunks !== chunks.length) throw new Error(`Expected ${chunks.length} chunks, the service says ${created.body.chunks}`);

  let next = 0;
  let retries = 0;
  const chunkMs: number[] = [];
  const putChunk = async (index: number): Promise<void> => {
    const sent = performance.now();
    for (let attempt = 1; ; attempt++) {
      const res = await sendChunk(`${clientBase}/api/me/files/${id}/chunks/${index}?sha256=${o.chunkDigests[index]}`, member.key, chunks[index]!);
      const text = res.text;
      if (res.status === 200) {
        chunkMs.push(performance.now() - sent);
        return;
      }
      if ((res.status === 503 || res.status === 429) && attempt < 5) {
        retries++;
        await sleep(500);
        continue;
      }
      throw new Error(`Chunk ${index} answered ${res.status}: ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(
    Array.from({ length: o.inFlight }, async () => {
      while (next < chunks.length) await putChunk(next++);
    }),
  );
  const uploadedAt = performance.now();
  const chunkSplit = await chunkCpu.stop();
  const completeCpu = await CpuPhase.start(o.named);
  let polls = 0;
  let completed: { status: number; body: any } | undefined;
  for (;;) {
    completed = await api(clientBase, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    polls++;
    if (completed.status !== 503) break;
    if (performance.now() - uploadedAt > 300_000) throw new Error('The worker did not join the file within 300 s');
    await sleep(200);
  }
  const totalS = (performance.now() - started) / 1000;
  const completeSplit = await completeCpu.stop();
  const series = await sampler.stop();
  if (completed.status !== 200 || completed.body.status !== 'ready' || completed.body.size !== data.length) {
    throw new Error(`Complete answered ${completed.status}: ${JSON.stringify(completed.body)}`);
  }
  return {
    totalS,
    chunksS: (uploadedAt - started) / 1000,
    sortedMs: [...chunkMs].sort((a, b) => a - b),
    polls,
    retries,
    chunkSplit,
    completeSplit,
    rss: summariseAll(series),
  };
}

/** A chunk request's time at percentile `p` (0-1), in ms to a tenth. */
export function chunkPercentile(figures: Pick<ChunkedUploadFigures, 'sortedMs'>, p: number): number {
  const { sortedMs } = figures;
  return round(sortedMs[Math.min(sortedMs.length - 1, Math.floor(p * sortedMs.length))] ?? 0, 1);
}
