import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { SERVICES, startInfrastructure, startServices, type Infrastructure, type System } from '@marketplace/local-stack';
import { FILE_LIMITS } from '@marketplace/contracts';
import { MIN_PART_BYTES, ObjectStorage } from '@marketplace/service-kit';
import { api, BUS_CREDENTIALS_ENV, createMember } from '@marketplace/testing';
import { CpuPhase, describeSplit, type CpuSplit } from './cpu-split.js';
import { round } from './load.js';
import { startDelayProxy, type DelayProxy } from './delay-proxy.js';
import { webPageUploads, type WebUploadFigures } from './web-upload-phase.js';

// `npm run bench:files`: a 100 MiB file uploaded in raw REST chunks of the contract's 256 KiB
// through the gateway (a few in flight at once) and completed (the files worker joins it as the
// chunks arrive), and the same file sent straight to storage on presigned part URLs and completed
// (storage joins the parts, the service checks the sha256), against the store's own multipart
// upload of the same bytes from memory and a direct S3 PUT, same run (the best of three). The
// store's own cost of a chunked upload (the chunks PUT and joined straight against it) says what
// ratio the store itself allows for chunk objects. The files processes' RSS is sampled throughout: the bytes are streamed through
// storage, so it should stay flat. Each phase's CPU is split by process, with the share other
// processes took. A measurement: the budget is reported, never enforced.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'files.json');
const FILE_BYTES = 100 * 1024 * 1024;
// The contract's chunk (FILE_LIMITS.chunkBytes); BENCH_FILES_CHUNK_BYTES tries another the API accepts.
const CHUNK_BYTES = Number(process.env.BENCH_FILES_CHUNK_BYTES) || FILE_LIMITS.chunkBytes;
// BENCH_FILES_IN_FLIGHT overrides how many chunks are sent at once (what a client may tune).
const IN_FLIGHT = Number(process.env.BENCH_FILES_IN_FLIGHT) || 4;
// BENCH_FILES_RTT_MS puts the chunked upload's client that round trip away from the gateway (a
// delaying proxy, delay-proxy.ts): what a member on a real network gets. 0: loopback.
const RTT_MS = Number(process.env.BENCH_FILES_RTT_MS) || 0;
const BUDGET_RATIO = 0.5;
const DIRECT_RUNS = 3;
// Rounds of the store's own multipart upload and the presigned path, back to back (BENCH_FILES_ROUNDS).
const ROUNDS = Number(process.env.BENCH_FILES_ROUNDS) || 5;
const SAMPLE_MS = 100;
const MB = 1_000_000;
const MIB = 1024 * 1024;
const FILES_PROCESSES = ['files', 'files-worker'] as const;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

// The chunks go out through node:http, the client the direct PUTs use, so the two differ only in where the bytes go.
const agent = new Agent({ keepAlive: true });

function send(url: string, key: string, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'PUT', agent,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream', 'content-length': String(body.length) },
    }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (piece: string) => { text += piece; }).once('end', () => resolve({ status: res.statusCode ?? 0, text })).once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** One part PUT on its presigned URL, as any S3 client sends it; answers the part's ETag. */
function putPart(url: string, body: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', agent, headers: { 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (piece: string) => { text += piece; }).once('end', () => {
        const etag = res.headers.etag;
        if (res.statusCode === 200 && etag) resolve(etag);
        else reject(new Error(`A part PUT answered ${res.statusCode}: ${text.slice(0, 300)}`));
      }).once('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Resident set size in bytes (Linux /proc; `ps` elsewhere), undefined once the process is gone. */
async function rssOf(pid: number): Promise<number | undefined> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : undefined;
  } catch {
    const { execFile } = await import('node:child_process');
    return new Promise((done) => execFile('ps', ['-o', 'rss=', '-p', String(pid)], (err, out) => {
      const kb = Number(out.trim());
      done(err || !kb ? undefined : kb * 1024);
    }));
  }
}

interface RssSeries { pid: number; samples: number[] }

/** Samples every process's RSS until stopped. */
function sampleRss(pids: Record<string, number>): { stop(): Promise<Record<string, RssSeries>> } {
  const series: Record<string, RssSeries> = Object.fromEntries(Object.entries(pids).map(([app, pid]) => [app, { pid, samples: [] }]));
  let running = true;
  const loop = (async () => {
    while (running) {
      await Promise.all(Object.values(series).map(async (s) => {
        const rss = await rssOf(s.pid);
        if (rss !== undefined) s.samples.push(rss);
      }));
      await sleep(SAMPLE_MS);
    }
  })();
  return { stop: async () => { running = false; await loop; return series; } };
}

const mib = (bytes: number) => round(bytes / MIB, 1);

function summarise(series: RssSeries) {
  const s = series.samples;
  if (!s.length) return { pid: series.pid, samples: 0, minMiB: null, maxMiB: null, firstMiB: null, lastMiB: null, growthMiB: null, traceMiB: [] };
  return {
    pid: series.pid, samples: s.length, minMiB: mib(Math.min(...s)), maxMiB: mib(Math.max(...s)),
    firstMiB: mib(s[0]!), lastMiB: mib(s[s.length - 1]!), growthMiB: mib(Math.max(...s) - Math.min(...s)),
    // Eleven evenly spaced samples, first to last: a plateau is flat, a leak climbs to the end.
    traceMiB: Array.from({ length: 11 }, (_, i) => mib(s[Math.round((i * (s.length - 1)) / 10)]!)),
  };
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

function splitJson(split: CpuSplit) {
  return {
    seconds: Object.fromEntries(Object.entries(split.seconds).map(([name, s]) => [name, round(s, 2)])),
    otherCpu: split.usage ? round(split.usage.others, 2) : null,
  };
}

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  let infra: Infrastructure | undefined;
  let system: System | undefined;
  let proxy: DelayProxy | undefined;
  try {
    infra = await startInfrastructure({ dataDir: await mkdtemp(join(tmpdir(), 'marketplace-bench-files-')), ephemeral: true, log: () => undefined });
    // 200 chunks and the complete polls would pass the per-member write limit (600 a minute) on a fast machine.
    system = await startServices({
      // The files processes' own memory is what is sampled, so they need processes of their own.
      infra, rootDir, layout: 'per-service',
      env: { LOG_LEVEL: 'warn', API_KEY_RATE_LIMIT: '100000000', FILE_WRITES_PER_MINUTE: '100000000' },
      // complete answers 503 (a warning) while the worker joins the file: print only errors.
      log: (app, line) => { if (/"level":(50|60)/.test(line) || !line.startsWith('{')) say(`[${app}] ${line}`); },
    });
    const base = system.baseUrl;
    process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(infra.bus.credentials);
    const member = await createMember(infra.natsUrl);
    const s3 = infra.s3;
    say(`Object storage: ${s3.endpoint} (${process.env.S3_ENDPOINT ? 'S3_ENDPOINT' : 'embedded s3rver'}), bucket ${s3.bucket}`);

    const data = randomBytes(FILE_BYTES);
    const digest = sha(data);
    const chunks: Buffer[] = [];
    for (let i = 0; i < data.length; i += CHUNK_BYTES) chunks.push(data.subarray(i, i + CHUNK_BYTES));
    const chunkDigests = chunks.map(sha);

    // Baseline: the same bytes straight to the store, streamed (a presigned PUT, as the gateway stages uploads).
    const storage = new ObjectStorage(() => ({
      endpoint: new URL(s3.endpoint), accessKey: s3.accessKey, secretKey: s3.secretKey, bucket: s3.bucket, region: s3.region,
    }));
    const named: Record<string, number> = {};
    for (const service of SERVICES) {
      const pid = system.pid(service.name);
      if (pid !== undefined) named[service.name] = pid;
    }
    const directKey = `bench/direct-${Date.now()}.bin`;
    // The best of a few: one PUT slowed by someone else's build would flatter the ratio.
    const directTimes: number[] = [];
    const directCpu = await CpuPhase.start(named);
    for (let attempt = 0; attempt < DIRECT_RUNS; attempt++) {
      const directStarted = performance.now();
      await storage.putStream(directKey, Readable.from(chunks), { size: data.length, contentType: 'application/octet-stream' });
      directTimes.push((performance.now() - directStarted) / 1000);
      const stored = await storage.stat(directKey);
      if (stored?.size !== data.length) throw new Error(`The direct PUT stored ${stored?.size} bytes`);
      await storage.remove(directKey);
    }
    const directSplit = await directCpu.stop();
    const directS = Math.min(...directTimes);
    const directMBs = data.length / MB / directS;
    say(`Direct S3 PUT of ${mib(data.length)} MiB, best of ${DIRECT_RUNS}: ${directS.toFixed(2)} s, ${directMBs.toFixed(1)} MB/s (all: ${directTimes.map((t) => t.toFixed(2)).join(', ')} s)`);
    // What the store alone charges for keeping the file as separate chunk objects, as any
    // resumable upload must before it is joined: the same chunks PUT straight to it, as many in
    // flight. Not the budget's baseline, only to tell the store's per-object cost from ours.
    let nextDirect = 0;
    const perChunkCpu = await CpuPhase.start(named);
    const perChunkStarted = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      for (let i = nextDirect++; i < chunks.length; i = nextDirect++) {
        await storage.putStream(`${directKey}.${i}`, Readable.from([chunks[i]!]), { size: chunks[i]!.length, contentType: 'application/octet-stream' });
      }
    }));
    const perChunkS = (performance.now() - perChunkStarted) / 1000;
    const perChunkSplit = await perChunkCpu.stop();
    // ...and joining them as any join must: read in order, hashed, written as 5 MiB parts.
    const joinStarted = performance.now();
    await joinDirectly(storage, `${directKey}.joined`, chunks.map((_, i) => `${directKey}.${i}`), digest);
    const joinS = (performance.now() - joinStarted) / 1000;
    await storage.remove(`${directKey}.joined`);
    for (let i = 0; i < chunks.length; i += 16) {
      await Promise.all(chunks.slice(i, i + 16).map((_, j) => storage.remove(`${directKey}.${i + j}`)));
    }
    // The ceiling of any design that keeps the contract's S3 multipart: the same bytes from memory,
    // 5 MiB parts two at a time, then CompleteMultipartUpload, with no chunk objects at all.
    const storeMultipart = async (): Promise<{ seconds: number; readBackSeconds: number }> => {
      const started = performance.now();
      const upload = await storage.startMultipart(`${directKey}.multipart`, 'application/octet-stream');
      const parts: Buffer[][] = [];
      for (let at = 0; at < data.length; at += MIN_PART_BYTES) parts.push([data.subarray(at, Math.min(at + MIN_PART_BYTES, data.length))]);
      let nextPart = 0;
      await Promise.all([0, 1].map(async () => {
        for (let i = nextPart++; i < parts.length; i = nextPart++) await upload.putPart(parts[i]!);
      }));
      await upload.complete();
      const seconds = (performance.now() - started) / 1000;
      // The contract's sha256 is checked on the bytes storage holds, so an upload that goes
      // straight to storage is read back once whatever the design: the store's own cost of that
      // read, hashed as the files service hashes it, is part of the presigned path's ceiling.
      const readStarted = performance.now();
      const object = await storage.open(`${directKey}.multipart`);
      if (!object) throw new Error('The multipart upload left no object');
      const hash = createHash('sha256');
      for await (const piece of object.stream as AsyncIterable<Buffer>) hash.update(piece);
      if (hash.digest('hex') !== digest) throw new Error('The multipart upload stored other bytes');
      const readBackSeconds = (performance.now() - readStarted) / 1000;
      await storage.remove(`${directKey}.multipart`);
      return { seconds, readBackSeconds };
    };
    say(`Direct S3 PUTs of the ${chunks.length} chunks, ${IN_FLIGHT} in flight: ${perChunkS.toFixed(2)} s, ${(data.length / MB / perChunkS).toFixed(1)} MB/s; joining them directly: ${joinS.toFixed(2)} s`);

    const pids: Record<string, number> = {};
    for (const app of FILES_PROCESSES) {
      const pid = system.pid(app);
      if (pid === undefined) throw new Error(`No process id for ${app}`);
      pids[app] = pid;
    }
    const idle = Object.fromEntries(await Promise.all(Object.entries(pids).map(async ([app, pid]) => [app, mib((await rssOf(pid)) ?? 0)])));
    say(`files RSS before the upload: ${Object.entries(idle).map(([app, v]) => `${app} ${v} MiB`).join(', ')}`);

    // The same file straight to storage on presigned part URLs (parts two at a time, as the
    // store's own multipart), then complete: storage joins the parts, the files service reads it
    // once for its sha256. Rounds of one of each, back to back and in turn first, so the host's
    // noise falls on both alike: the best of each and the median of the rounds' ratios. Before
    // the chunks, whose clean-up (a DELETE per chunk object) would otherwise run under it.
    const multipartTimes: number[] = [];
    const readBackTimes: number[] = [];
    /** Per round: the store's multipart upload and its read-back, against the presigned path. */
    const checkedRatios: number[] = [];
    const presignedTimes: number[] = [];
    const presignedPhases: { parts: number; complete: number; polls: number }[] = [];
    const roundRatios: number[] = [];
    const presignedOnce = async (run: number): Promise<number> => {
      const began = performance.now();
      const slot = await api(base, '/api/me/files', {
        key: member.key, method: 'POST', body: { path: `bench/presigned-${run}.bin`, size: data.length, sha256: digest },
      });
      if (slot.status !== 201) throw new Error(`Create answered ${slot.status}: ${JSON.stringify(slot.body)}`);
      const fileId = slot.body.file.id as string;
      const signed = await api(base, `/api/me/files/${fileId}/parts`, { key: member.key, method: 'POST', body: {} });
      if (signed.status !== 200) throw new Error(`Parts answered ${signed.status}: ${JSON.stringify(signed.body)}`);
      const urls = signed.body.urls as { number: number; bytes: number; url: string }[];
      const partBytes = signed.body.partBytes as number;
      const etags: { number: number; etag: string }[] = [];
      let nextPart = 0;
      await Promise.all([0, 1].map(async () => {
        for (let i = nextPart++; i < urls.length; i = nextPart++) {
          const part = urls[i]!;
          const at = (part.number - 1) * partBytes;
          etags.push({ number: part.number, etag: await putPart(part.url, data.subarray(at, at + part.bytes)) });
        }
      }));
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
    const presignedSampler = sampleRss(pids);
    const presignedCpu = await CpuPhase.start(named);
    for (let round = 0; round < ROUNDS; round++) {
      let m: { seconds: number; readBackSeconds: number };
      let p: number;
      if (round % 2 === 0) {
        m = await storeMultipart();
        p = await presignedOnce(round);
      } else {
        p = await presignedOnce(round);
        m = await storeMultipart();
      }
      multipartTimes.push(m.seconds);
      readBackTimes.push(m.readBackSeconds);
      presignedTimes.push(p);
      roundRatios.push(m.seconds / p);
      checkedRatios.push((m.seconds + m.readBackSeconds) / p);
    }
    const presignedSplit = await presignedCpu.stop();
    const presignedRss = Object.fromEntries(Object.entries(await presignedSampler.stop()).map(([app, s]) => [app, summarise(s)]));
    storage.close();
    const multipartS = Math.min(...multipartTimes);
    const presignedS = Math.min(...presignedTimes);
    const presignedBest = presignedPhases[presignedTimes.indexOf(presignedS)]!;
    const medianRatio = [...roundRatios].sort((a, b) => a - b)[Math.floor(roundRatios.length / 2)]!;
    const medianChecked = [...checkedRatios].sort((a, b) => a - b)[Math.floor(checkedRatios.length / 2)]!;
    const checkedS = Math.min(...multipartTimes.map((m, i) => m + readBackTimes[i]!));
    say(`Direct multipart upload (5 MiB parts from memory, best of ${ROUNDS}): ${multipartS.toFixed(2)} s, ratio ${(directS / multipartS).toFixed(2)} of the single PUT (all: ${multipartTimes.map((t) => t.toFixed(2)).join(', ')} s)`);
    say(`The store's read-back of it with the sha256, as the files service checks it: ${readBackTimes.map((t) => t.toFixed(2)).join(', ')} s`);
    say(`Presigned parts + complete, best of ${ROUNDS}: ${presignedS.toFixed(2)} s (all: ${presignedTimes.map((t) => t.toFixed(2)).join(', ')} s); per round store-multipart/presigned: ${roundRatios.map((r) => r.toFixed(2)).join(', ')}`);

    proxy = RTT_MS > 0 ? await startDelayProxy(new URL(base), RTT_MS / 2) : undefined;
    const clientBase = proxy?.url ?? base;
    const sampler = sampleRss(pids);
    const chunkCpu = await CpuPhase.start(named);
    const started = performance.now();
    const created = await api(clientBase, '/api/me/files', {
      key: member.key, method: 'POST', body: { path: 'bench/hundred.bin', size: data.length, sha256: digest, chunkBytes: CHUNK_BYTES },
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
        const res = await send(`${clientBase}/api/me/files/${id}/chunks/${index}?sha256=${chunkDigests[index]}`, member.key, chunks[index]!);
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
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      while (next < chunks.length) await putChunk(next++);
    }));
    const uploadedAt = performance.now();
    const chunkSplit = await chunkCpu.stop();
    const completeCpu = await CpuPhase.start(named);
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
    const chunksS = (uploadedAt - started) / 1000;
    const gatewayMBs = data.length / MB / totalS;
    const ratio = gatewayMBs / directMBs;
    const rss = Object.fromEntries(Object.entries(series).map(([app, s]) => [app, summarise(s)]));

    // The files page in Chromium, both ways it uploads (BENCH_FILES_BROWSER=0 skips it).
    let web: WebUploadFigures | undefined;
    let webSplit: CpuSplit | undefined;
    if (process.env.BENCH_FILES_BROWSER !== '0') {
      const mailDir = infra.mail?.dir;
      if (!mailDir) throw new Error('The browser phase needs the local mail catcher (unset SMTP_URL) to sign the member in, or BENCH_FILES_BROWSER=0.');
      const webCpu = await CpuPhase.start(named);
      web = await webPageUploads({ base, mailDir, member, data, dir: await mkdtemp(join(tmpdir(), 'marketplace-bench-web-')) });
      webSplit = await webCpu.stop();
    }

    say('');
    say(`${mib(data.length)} MiB in ${chunks.length} chunks of ${CHUNK_BYTES} bytes, ${IN_FLIGHT} in flight${RTT_MS ? `, the client ${RTT_MS} ms round trip from the gateway` : ''}:`);
    say(`  chunks through the gateway: ${chunksS.toFixed(2)} s (${(data.length / MB / chunksS).toFixed(1)} MB/s), then complete: ${(totalS - chunksS).toFixed(2)} s (${polls} polls)`);
    const sortedMs = [...chunkMs].sort((a, b) => a - b);
    const pct = (p: number) => round(sortedMs[Math.min(sortedMs.length - 1, Math.floor(p * sortedMs.length))] ?? 0, 1);
    say(`  a chunk request: p50 ${pct(0.5)} ms, p90 ${pct(0.9)} ms, max ${pct(1)} ms`);
    say(`  upload + complete:          ${totalS.toFixed(2)} s, ${gatewayMBs.toFixed(1)} MB/s`);
    say(`  direct S3 PUT:              ${directS.toFixed(2)} s, ${directMBs.toFixed(1)} MB/s`);
    say(`  direct PUTs of the chunks:  ${perChunkS.toFixed(2)} s (the store's own cost of chunk objects: ratio ${(directS / perChunkS).toFixed(2)} before any join)`);
    say(`  + joining them directly:    ${joinS.toFixed(2)} s (the store's own cost of a chunked upload, nothing else: ratio ${(directS / (perChunkS + joinS)).toFixed(2)})`);
    say(`  direct multipart upload:    ${multipartS.toFixed(2)} s (the store's own cost of S3 multipart from memory, no chunks: ratio ${(directS / multipartS).toFixed(2)})`);
    say(`  presigned parts + complete: ${presignedS.toFixed(2)} s, ${(data.length / MB / presignedS).toFixed(1)} MB/s, best of ${ROUNDS} (parts ${presignedBest.parts.toFixed(2)} s, complete ${presignedBest.complete.toFixed(2)} s in ${presignedBest.polls} calls; all: ${presignedTimes.map((t) => t.toFixed(2)).join(', ')} s)`);
    say(`ratio gateway/direct: ${ratio.toFixed(2)} (budget >= ${BUDGET_RATIO})`);
    for (const [app, r] of Object.entries(rss)) {
      say(`  ${app} RSS during the upload (${r.samples} samples): min ${r.minMiB} MiB, max ${r.maxMiB} MiB (range ${r.growthMiB} MiB; ${mib(data.length)} MiB uploaded)`);
      say(`    trace: ${r.traceMiB.join(' → ')} MiB`);
    }
    for (const [app, r] of Object.entries(presignedRss)) {
      say(`  ${app} RSS during the presigned uploads (${r.samples} samples): min ${r.minMiB} MiB, max ${r.maxMiB} MiB (range ${r.growthMiB} MiB)`);
    }
    if (web) {
      say(`The files page in Chromium, ${mib(data.length)} MiB, from the Upload button to the file's page (its sha256, the upload, complete's check):`);
      say(`  straight to the store: ${web.storeSeconds.toFixed(2)} s (${(data.length / MB / web.storeSeconds).toFixed(1)} MB/s)`);
      say(`  in chunks through the API: ${web.chunksSeconds.toFixed(2)} s (${(data.length / MB / web.chunksSeconds).toFixed(1)} MB/s)`);
      say(`  page to the store / store's multipart: ${(multipartS / web.storeSeconds).toFixed(2)}; to the store / in chunks: ${(web.chunksSeconds / web.storeSeconds).toFixed(1)} times as fast`);
    }
    if (retries) say(`  ${retries} chunk retries (503/429)`);
    say('CPU seconds by process (launcher = this client and the embedded store):');
    say(`  direct PUTs (${DIRECT_RUNS}): ${describeSplit(directSplit)}`);
    say(`  direct chunk PUTs: ${describeSplit(perChunkSplit)}`);
    say(`  chunks:     ${describeSplit(chunkSplit)}`);
    say(`  complete:   ${describeSplit(completeSplit)}`);
    say(`  store multipart + presigned (${ROUNDS} rounds): ${describeSplit(presignedSplit)}`);
    if (webSplit) say(`  the files page in Chromium (both uploads): ${describeSplit(webSplit)}`);

    await mkdir(dirname(resultsFile), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify({
      benchmark: 'files', finishedAt: new Date().toISOString(),
      machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version },
      storage: process.env.S3_ENDPOINT ? 'S3_ENDPOINT' : 's3rver',
      settings: { fileBytes: data.length, chunkBytes: CHUNK_BYTES, chunks: chunks.length, inFlight: IN_FLIGHT, rssSampleMs: SAMPLE_MS },
      gateway: { seconds: round(totalS, 3), chunkSeconds: round(chunksS, 3), chunkMs: { p50: pct(0.5), p90: pct(0.9), max: pct(1) }, completeSeconds: round(totalS - chunksS, 3), completePolls: polls, MBps: round(gatewayMBs, 2), retries },
      direct: { seconds: round(directS, 3), MBps: round(directMBs, 2), runs: directTimes.map((t) => round(t, 3)) },
      directMultipart: { seconds: round(multipartS, 3), runs: multipartTimes.map((t) => round(t, 3)), ratioCeiling: round(directS / multipartS, 3) },
      directChunks: { seconds: round(perChunkS, 3), MBps: round(data.length / MB / perChunkS, 2), joinSeconds: round(joinS, 3), ratioCeiling: round(directS / (perChunkS + joinS), 3) },
      presigned: {
        seconds: round(presignedS, 3), runs: presignedTimes.map((t) => round(t, 3)), partsSeconds: round(presignedBest.parts, 3),
        completeSeconds: round(presignedBest.complete, 3), completeCalls: presignedBest.polls, MBps: round(data.length / MB / presignedS, 2),
      },
      ratio: round(ratio, 3), budget: { min: BUDGET_RATIO, met: ratio >= BUDGET_RATIO },
      ratioGatewayStoreMultipart: round(multipartS / totalS, 3), ratioPresignedStoreMultipart: round(multipartS / presignedS, 3),
      presignedRounds: roundRatios.map((r) => round(r, 3)), ratioPresignedStoreMultipartMedian: round(medianRatio, 3),
      storeReadBack: { runs: readBackTimes.map((t) => round(t, 3)) },
      ratioPresignedStoreChecked: round(checkedS / presignedS, 3), ratioPresignedStoreCheckedMedian: round(medianChecked, 3),
      presignedCheckedRounds: checkedRatios.map((r) => round(r, 3)),
      webPage: web ? {
        storeSeconds: round(web.storeSeconds, 3), chunksSeconds: round(web.chunksSeconds, 3),
        ratioStoreMultipart: round(multipartS / web.storeSeconds, 3), otherCpu: webSplit ? splitJson(webSplit).otherCpu : null,
      } : null,
      rss: { idleMiB: idle, during: rss, presigned: presignedRss },
      cpu: { direct: splitJson(directSplit), directChunks: splitJson(perChunkSplit), chunks: splitJson(chunkSplit), complete: splitJson(completeSplit), presigned: splitJson(presignedSplit) },
    }, null, 2)}\n`);
    say(`Results: ${resultsFile}`);
    // Last, for a reader or a script: both paths against the store's own multipart upload, same run.
    say(`ratio presigned/store-multipart: ${(multipartS / presignedS).toFixed(2)} (best of each; median of the ${ROUNDS} rounds ${medianRatio.toFixed(2)}; target >= 0.9)`);
    say(`ratio presigned/store-multipart-and-read-back: ${(checkedS / presignedS).toFixed(2)} (best of each; median of the ${ROUNDS} rounds ${medianChecked.toFixed(2)}; the ceiling of a checked upload)`);
    say(`ratio gateway/store-multipart: ${(multipartS / totalS).toFixed(2)} (target >= 0.8)`);
    return 0;
  } finally {
    agent.destroy();
    // Also on a failed run: its listening socket would keep the process from exiting.
    await proxy?.close();
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : String(err));
  return 1;
});
