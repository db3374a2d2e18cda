import { setTimeout as sleep } from 'node:timers/promises';

import type { ObjectStorage } from '@marketplace/service-kit';
import { api, type TestMember } from '@marketplace/testing';

import { CpuPhase, type CpuSplit } from './cpu-split.js';
import { type RssSummary, sampleRss, summariseAll } from './process-rss.js';
import { type BenchFile, storeMultipart, type StoreMultipartRun } from './store-baselines.js';
import { putPart } from './upload-requests.js';

/*
 * The file straight to storage on presigned part URLs (parts two at a time, as the store's own
 * multipart), then complete: storage joins the parts, the files service reads it once for its
 * sha256. Rounds of one of each, back to back and in turn first, so the host's noise falls on
 * both alike: the best of each and the median of the rounds' ratios.
 */

export interface PresignedFigures {
  /** The store's own multipart upload, per round, and its read-back with the sha256. */
  multipartTimes: number[];
  readBackTimes: number[];
  presignedTimes: number[];
  /** Per round: store multipart / presigned, and with the store's read-back. */
  roundRatios: number[];
  checkedRatios: number[];
  /** The best of each, the presigned path's phases in its best round, and the rounds' medians. */
  multipartS: number;
  presignedS: number;
  checkedS: number;
  presignedBest: PresignedPhases;
  medianRatio: number;
  medianChecked: number;
  split: CpuSplit;
  rss: Record<string, RssSummary>;
}

interface PresignedPhases {
  parts: number;
  complete: number;
  polls: number;
}

export interface PresignedRoundsOptions {
  base: string;
  member: TestMember;
  storage: ObjectStorage;
  key: string;
  file: BenchFile;
  rounds: number;
  /** Every service's process, for the CPU split; the files processes, for RSS. */
  named: Record<string, number>;
  filesPids: Record<string, number>;
}

/** The middle round (the upper of the two middle ones for an even count, as this bench has always reported). */
const middleRound = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function presignedRounds(o: PresignedRoundsOptions): Promise<PresignedFigures> {
  const { base, member, file } = o;
  const { data, digest } = file;
  const multipartTimes: number[] = [];
  const readBackTimes: number[] = [];
  const checkedRatios: number[] = [];
  const presignedTimes: number[] = [];
  const presignedPhases: PresignedPhases[] = [];
  const roundRatios: number[] = [];
  const presignedOnce = async (run: number): Promise<number> => {
    const began = performance.now();
    const slot = await api(base, '/api/me/files', {
      key: member.key,
      method: 'POST',
      body: { path: `bench/presigned-${run}.bin`, size: data.length, sha256: digest },
    });
    if (slot.status !== 201) throw new Error(`Create answered ${slot.status}: ${JSON.stringify(slot.body)}`);
    const fileId = slot.body.file.id as string;
    const signed = await api(base, `/api/me/files/${fileId}/parts`, { key: member.key, method: 'POST', body: {} });
    if (signed.status !== 200) throw new Error(`Parts answered ${signed.status}: ${JSON.stringify(signed.body)}`);
    const urls = signed.body.urls as { number: number; bytes: number; url: string }[];
    const partBytes = signed.body.partBytes as number;
    const etags: { number: number; etag: string }[] = [];
    let nextPart = 0;
    await Promise.all(
      [0, 1].map(async () => {
        for (let i = nextPart++; i < urls.length; i = nextPart++) {
          const part = urls[i]!;
          const at = (part.number - 1) * partBytes;
          etags.push({ number: part.number, etag: await putPart(part.url, data.subarray(at, at + part.bytes)) });
        }
      }),
    );
    const sentAt = performance.now();
    let calls = 0;
    let done: { status: number; body: any };
    for (;;) {
      done = await api(base, `/api/me/files/${fileId}/complete`, { key: member.key, method: 'POST', body: { parts: etags } });
      calls++;
      if (done.status !== 503) break;
      if (performance.now() - sentAt > 300_000) throw new Error('The presigned upload was not checked within 300 s');
      await sleep(100);
    }
    if (done.status !== 200 || done.body.status !== 'ready' || done.body.size !== data.length) {
      throw new Error(`Complete (presigned) answered ${done.status}: ${JSON.stringify(done.body)}`);
    }
    const ended = performance.now();
    presignedPhases.push({ parts: (sentAt - began) / 1000, complete: (ended - sentAt) / 1000, polls: calls });
    const removed = await api(base, `/api/me/files/${fileId}`, { key: member.key, method: 'DELETE' });
    if (removed.status !== 200) throw new Error(`Delete answered ${removed.status}`);
    return (ended - began) / 1000;
  };
  const sampler = sampleRss(o.filesPids);
  const cpu = await CpuPhase.start(o.named);
  for (let round = 0; round < o.rounds; round++) {
    let m: StoreMultipartRun;
    let p: number;
    if (round % 2 === 0) {
      m = await storeMultipart(o.storage, o.key, file);
      p = await presignedOnce(round);
    } else {
      p = await presignedOnce(round);
      m = await storeMultipart(o.storage, o.key, file);
    }
    multipartTimes.push(m.seconds);
    readBackTimes.push(m.readBackSeconds);
    presignedTimes.push(p);
    roundRatios.push(m.seconds / p);
    checkedRatios.push((m.seconds + m.readBackSeconds) / p);
  }
  const split = await cpu.stop();
  const rss = summariseAll(await sampler.stop());
  const presignedS = Math.min(...presignedTimes);
  return {
    multipartTimes,
    readBackTimes,
    presignedTimes,
    roundRatios,
    checkedRatios,
    multipartS: Math.min(...multipartTimes),
    presignedS,
    checkedS: Math.min(...multipartTimes.map((m, i) => m + readBackTimes[i]!)),
    presignedBest: presignedPhases[presignedTimes.indexOf(presignedS)]!,
    medianRatio: middleRound(roundRatios),
    medianChecked: middleRound(checkedRatios),
    split,
    rss,
  };
}
