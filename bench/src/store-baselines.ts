import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

import { MIN_PART_BYTES, type ObjectStorage } from '@marketplace/service-kit';

import { CpuPhase, type CpuSplit } from './cpu-split.js';

/*
 * The files bench's baselines: what the store itself does with the same bytes, no service in
 * between. A direct PUT (the ratio's baseline), the chunks PUT and joined straight against it (the
 * store's own cost of a chunked upload), and its own multipart upload from memory (the ceiling of
 * any design that keeps the contract's S3 multipart).
 */

/** The file, whole and in the contract's chunks. */
export interface BenchFile {
  data: Buffer;
  digest: string;
  chunks: Buffer[];
}

export interface DirectPutFigures {
  seconds: number;
  runs: number[];
  split: CpuSplit;
}

/** The same bytes straight to the store, streamed (a presigned PUT, as the gateway stages uploads): the best of `runs`. */
export async function directPuts(storage: ObjectStorage, key: string, file: BenchFile, runs: number, named: Record<string, number>): Promise<DirectPutFigures> {
  // The best of a few: one PUT slowed by someone else's build would flatter the ratio.
  const times: number[] = [];
  const cpu = await CpuPhase.start(named);
  for (let attempt = 0; attempt < runs; attempt++) {
    const started = performance.now();
    await storage.putStream(key, Readable.from(file.chunks), { size: file.data.length, contentType: 'application/octet-stream' });
    times.push((performance.now() - started) / 1000);
    const stored = await storage.stat(key);
    if (stored?.size !== file.data.length) throw new Error(`The direct PUT stored ${stored?.size} bytes`);
    await storage.remove(key);
  }
  const split = await cpu.stop();
  return { seconds: Math.min(...times), runs: times, split };
}

export interface ChunkObjectFigures {
  seconds: number;
  joinSeconds: number;
  split: CpuSplit;
}

/**
 * What the store alone charges for keeping the file as separate chunk objects, as any resumable
 * upload must before it is joined: the same chunks PUT straight to it, as many in flight. Not the
 * budget's baseline, only to tell the store's per-object cost from ours. Then joined as any join
 * must, and everything removed.
 */
export async function chunkObjects(
  storage: ObjectStorage,
  key: string,
  file: BenchFile,
  inFlight: number,
  named: Record<string, number>,
): Promise<ChunkObjectFigures> {
  const { chunks } = file;
  let next = 0;
  const cpu = await CpuPhase.start(named);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      for (let i = next++; i < chunks.length; i = next++) {
        await storage.putStream(`${key}.${i}`, Readable.from([chunks[i]!]), { size: chunks[i]!.length, contentType: 'application/octet-stream' });
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const split = await cpu.stop();
  // ...and joining them as any join must: read in order, hashed, written as 5 MiB parts.
  const joinStarted = performance.now();
  await joinDirectly(
    storage,
    `${key}.joined`,
    chunks.map((_, i) => `${key}.${i}`),
    file.digest,
  );
  const joinSeconds = (performance.now() - joinStarted) / 1000;
  await storage.remove(`${key}.joined`);
  for (let i = 0; i < chunks.length; i += 16) {
    await Promise.all(chunks.slice(i, i + 16).map((_, j) => storage.remove(`${key}.${i + j}`)));
  }
  return { seconds, joinSeconds, split };
}

/** The chunk objects joined straight through the store: read in order, hashed, 5 MiB parts two at a time. */
async function joinDirectly(storage: ObjectStorage, key: string, chunkKeys: string[], sha256: string): Promise<void> {
  const upload = await storage.startMultipart(key, 'application/octet-stream');
  const hash = createHash('sha256');
  const parts = new Set<Promise<void>>();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    const part = upload.putPart(pending).finally(() => parts.delete(part));
    parts.add(part);
    pending = [];
    pendingBytes = 0;
    if (parts.size >= 2) await Promise.race(parts);
  };
  const read = async (chunkKey: string): Promise<Buffer[]> => {
    const object = await storage.open(chunkKey);
    if (!object) throw new Error(`${chunkKey} is gone`);
    const pieces: Buffer[] = [];
    for await (const piece of object.stream as AsyncIterable<Buffer>) pieces.push(piece);
    return pieces;
  };
  // Four reads ahead, as the files worker does.
  const reads = chunkKeys.slice(0, 4).map(read);
  for (let i = 0; i < chunkKeys.length; i++) {
    if (i + 4 < chunkKeys.length) reads.push(read(chunkKeys[i + 4]!));
    for (const piece of await reads[i]!) {
      hash.update(piece);
      pending.push(piece);
      pendingBytes += piece.length;
    }
    if (pendingBytes >= MIN_PART_BYTES) await flush();
  }
  if (pendingBytes) await flush();
  await Promise.all(parts);
  await upload.complete();
  if (hash.digest('hex') !== sha256) throw new Error('The direct join read other bytes');
}

export interface StoreMultipartRun {
  seconds: number;
  readBackSeconds: number;
}

/**
 * One run of the store's own multipart upload: the same bytes from memory, 5 MiB parts two at a
 * time, then CompleteMultipartUpload, with no chunk objects at all; then read back once.
 */
export async function storeMultipart(storage: ObjectStorage, key: string, file: BenchFile): Promise<StoreMultipartRun> {
  const { data } = file;
  const started = performance.now();
  const upload = await storage.startMultipart(`${key}.multipart`, 'application/octet-stream');
  const parts: Buffer[][] = [];
  for (let at = 0; at < data.length; at += MIN_PART_BYTES) parts.push([data.subarray(at, Math.min(at + MIN_PART_BYTES, data.length))]);
  let nextPart = 0;
  await Promise.all(
    [0, 1].map(async () => {
      for (let i = nextPart++; i < parts.length; i = nextPart++) await upload.putPart(parts[i]!);
    }),
  );
  await upload.complete();
  const seconds = (performance.now() - started) / 1000;
  // The contract's sha256 is checked on the bytes storage holds, so an upload that goes
  // straight to storage is read back once whatever the design: the store's own cost of that
  // read, hashed as the files service hashes it, is part of the presigned path's ceiling.
  const readStarted = performance.now();
  const object = await storage.open(`${key}.multipart`);
  if (!object) throw new Error('The multipart upload left no object');
  const hash = createHash('sha256');
  for await (const piece of object.stream as AsyncIterable<Buffer>) hash.update(piece);
  if (hash.digest('hex') !== file.digest) throw new Error('The multipart upload stored other bytes');
  const readBackSeconds = (performance.now() - readStarted) / 1000;
  await storage.remove(`${key}.multipart`);
  return { seconds, readBackSeconds };
}
