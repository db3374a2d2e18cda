import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startInfrastructure, startServices, type Infrastructure, type System } from '@marketplace/local-stack';
import { ObjectStorage } from '@marketplace/service-kit';
import { api, BUS_CREDENTIALS_ENV, createMember } from '@marketplace/testing';
import { round } from './load.js';

// `npm run bench:files`: a 100 MiB file uploaded in raw REST chunks through the gateway (a few in
// flight at once) and completed (the files worker joins it), against a direct S3 PUT of the same
// bytes to the same storage, same run. The files processes' RSS is sampled throughout: the bytes
// are streamed through storage, so it should stay flat. A measurement: the budget is reported,
// never enforced.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'files.json');
const FILE_BYTES = 100 * 1024 * 1024;
const CHUNK_BYTES = 524_288;
// BENCH_FILES_IN_FLIGHT overrides how many chunks are sent at once (what a client may tune).
const IN_FLIGHT = Number(process.env.BENCH_FILES_IN_FLIGHT) || 4;
const BUDGET_RATIO = 0.5;
const SAMPLE_MS = 100;
const MB = 1_000_000;
const MIB = 1024 * 1024;
const FILES_PROCESSES = ['files', 'files-worker'] as const;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
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

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  let infra: Infrastructure | undefined;
  let system: System | undefined;
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
    const directKey = `bench/direct-${Date.now()}.bin`;
    const directStarted = performance.now();
    await storage.putStream(directKey, Readable.from(chunks), { size: data.length, contentType: 'application/octet-stream' });
    const directS = (performance.now() - directStarted) / 1000;
    const stored = await storage.stat(directKey);
    if (stored?.size !== data.length) throw new Error(`The direct PUT stored ${stored?.size} bytes`);
    await storage.remove(directKey);
    const directMBs = data.length / MB / directS;
    say(`Direct S3 PUT of ${mib(data.length)} MiB: ${directS.toFixed(2)} s, ${directMBs.toFixed(1)} MB/s`);
    // What the store alone charges for keeping the file as separate chunk objects, as any
    // resumable upload must before it is joined: the same chunks PUT straight to it, as many in
    // flight. Not the budget's baseline, only to tell the store's per-object cost from ours.
    let nextDirect = 0;
    const perChunkStarted = performance.now();
    await Promise.all(Array.from({ length: IN_FLIGHT }, async () => {
      for (let i = nextDirect++; i < chunks.length; i = nextDirect++) {
        await storage.putStream(`${directKey}.${i}`, Readable.from([chunks[i]!]), { size: chunks[i]!.length, contentType: 'application/octet-stream' });
      }
    }));
    const perChunkS = (performance.now() - perChunkStarted) / 1000;
    for (let i = 0; i < chunks.length; i += 16) {
      await Promise.all(chunks.slice(i, i + 16).map((_, j) => storage.remove(`${directKey}.${i + j}`)));
    }
    storage.close();
    say(`Direct S3 PUTs of the ${chunks.length} chunks, ${IN_FLIGHT} in flight: ${perChunkS.toFixed(2)} s, ${(data.length / MB / perChunkS).toFixed(1)} MB/s`);

    const pids: Record<string, number> = {};
    for (const app of FILES_PROCESSES) {
      const pid = system.pid(app);
      if (pid === undefined) throw new Error(`No process id for ${app}`);
      pids[app] = pid;
    }
    const idle = Object.fromEntries(await Promise.all(Object.entries(pids).map(async ([app, pid]) => [app, mib((await rssOf(pid)) ?? 0)])));
    say(`files RSS before the upload: ${Object.entries(idle).map(([app, v]) => `${app} ${v} MiB`).join(', ')}`);

    const sampler = sampleRss(pids);
    const started = performance.now();
    const created = await api(base, '/api/me/files', {
      key: member.key, method: 'POST', body: { path: 'bench/hundred.bin', size: data.length, sha256: digest, chunkBytes: CHUNK_BYTES },
    });
    if (created.status !== 201) throw new Error(`Create answered ${created.status}: ${JSON.stringify(created.body)}`);
    const id = created.body.file.id as string;
    if (created.body.chunks !== chunks.length) throw new Error(`Expected ${chunks.length} chunks, the service says ${created.body.chunks}`);

    let next = 0;
    let retries = 0;
    const putChunk = async (index: number): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        const res = await fetch(`${base}/api/me/files/${id}/chunks/${index}?sha256=${chunkDigests[index]}`, {
          method: 'PUT', headers: { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' }, body: chunks[index]!,
        });
        const text = await res.text();
        if (res.status === 200) return;
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
    let polls = 0;
    let completed: { status: number; body: any } | undefined;
    for (;;) {
      completed = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
      polls++;
      if (completed.status !== 503) break;
      if (performance.now() - uploadedAt > 300_000) throw new Error('The worker did not join the file within 300 s');
      await sleep(200);
    }
    const totalS = (performance.now() - started) / 1000;
    const series = await sampler.stop();
    if (completed.status !== 200 || completed.body.status !== 'ready' || completed.body.size !== data.length) {
      throw new Error(`Complete answered ${completed.status}: ${JSON.stringify(completed.body)}`);
    }
    const chunksS = (uploadedAt - started) / 1000;
    const gatewayMBs = data.length / MB / totalS;
    const ratio = gatewayMBs / directMBs;
    const rss = Object.fromEntries(Object.entries(series).map(([app, s]) => [app, summarise(s)]));

    say('');
    say(`${mib(data.length)} MiB in ${chunks.length} chunks of ${CHUNK_BYTES} bytes, ${IN_FLIGHT} in flight:`);
    say(`  chunks through the gateway: ${chunksS.toFixed(2)} s (${(data.length / MB / chunksS).toFixed(1)} MB/s), then complete: ${(totalS - chunksS).toFixed(2)} s (${polls} polls)`);
    say(`  upload + complete:          ${totalS.toFixed(2)} s, ${gatewayMBs.toFixed(1)} MB/s`);
    say(`  direct S3 PUT:              ${directS.toFixed(2)} s, ${directMBs.toFixed(1)} MB/s`);
    say(`  direct PUTs of the chunks:  ${perChunkS.toFixed(2)} s (the store's own cost of chunk objects: ratio ${(directS / perChunkS).toFixed(2)} before any join)`);
    say(`ratio gateway/direct: ${ratio.toFixed(2)} (budget >= ${BUDGET_RATIO})`);
    for (const [app, r] of Object.entries(rss)) {
      say(`  ${app} RSS during the upload (${r.samples} samples): min ${r.minMiB} MiB, max ${r.maxMiB} MiB (range ${r.growthMiB} MiB; ${mib(data.length)} MiB uploaded)`);
      say(`    trace: ${r.traceMiB.join(' → ')} MiB`);
    }
    if (retries) say(`  ${retries} chunk retries (503/429)`);

    await mkdir(dirname(resultsFile), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify({
      benchmark: 'files', finishedAt: new Date().toISOString(),
      machine: { cpus: availableParallelism(), cpuModel: cpus()[0]?.model ?? null, node: process.version },
      storage: process.env.S3_ENDPOINT ? 'S3_ENDPOINT' : 's3rver',
      settings: { fileBytes: data.length, chunkBytes: CHUNK_BYTES, chunks: chunks.length, inFlight: IN_FLIGHT, rssSampleMs: SAMPLE_MS },
      gateway: { seconds: round(totalS, 3), chunkSeconds: round(chunksS, 3), completeSeconds: round(totalS - chunksS, 3), completePolls: polls, MBps: round(gatewayMBs, 2), retries },
      direct: { seconds: round(directS, 3), MBps: round(directMBs, 2) },
      directChunks: { seconds: round(perChunkS, 3), MBps: round(data.length / MB / perChunkS, 2) },
      ratio: round(ratio, 3), budget: { min: BUDGET_RATIO, met: ratio >= BUDGET_RATIO },
      rss: { idleMiB: idle, during: rss },
    }, null, 2)}\n`);
    say(`Results: ${resultsFile}`);
    return 0;
  } finally {
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : String(err));
  return 1;
});
