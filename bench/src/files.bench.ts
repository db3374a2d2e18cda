import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { FILE_LIMITS } from '@marketplace/contracts';
import { type Infrastructure, SERVICES, startInfrastructure, startServices, type System } from '@marketplace/local-stack';
import { ObjectStorage } from '@marketplace/service-kit';
import { BUS_CREDENTIALS_ENV, createMember } from '@marketplace/testing';

import { chunkedUpload } from './chunked-upload-phase.js';
import { CpuPhase, type CpuSplit } from './cpu-split.js';
import { type DelayProxy, startDelayProxy } from './delay-proxy.js';
import { type FilesBenchSettings, ratioLines, resultsJson, summaryLines } from './files-report.js';
import { presignedRounds } from './presigned-rounds.js';
import { mib, rssOf } from './process-rss.js';
import { type BenchFile, chunkObjects, directPuts } from './store-baselines.js';
import { closeUploadAgent, sha } from './upload-requests.js';
import { webPageUploads, type WebUploadFigures } from './web-upload-phase.js';

// `npm run bench:files`: a 100 MiB file uploaded in raw REST chunks of the contract's 256 KiB
// through the gateway (a few in flight at once) and completed (the files worker joins it as the
// chunks arrive), and the same file sent straight to storage on presigned part URLs and completed
// (storage joins the parts, the service checks the sha256), against the store's own multipart
// upload of the same bytes from memory and a direct S3 PUT, same run (the best of three). The
// store's own cost of a chunked upload (the chunks PUT and joined straight against it) says what
// ratio the store itself allows for chunk objects. The files processes' RSS is sampled throughout: the bytes are streamed through
// storage, so it should stay flat. Each phase's CPU is split by process, with the share other
// processes took. A measurement: the budget is reported, never enforced. The phases are
// store-baselines.ts, presigned-rounds.ts, chunked-upload-phase.ts and web-upload-phase.ts; the
// summary and bench/results/files.json are written by files-report.ts.

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
const MB = 1_000_000;
const FILES_PROCESSES = ['files', 'files-worker'] as const;
const SETTINGS: FilesBenchSettings = {
  chunkBytes: CHUNK_BYTES,
  inFlight: IN_FLIGHT,
  rttMs: RTT_MS,
  directRuns: DIRECT_RUNS,
  rounds: ROUNDS,
  budgetRatio: BUDGET_RATIO,
};

function say(line: string): void {
  process.stdout.write(`${line}\n`);
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
      infra,
      rootDir,
      layout: 'per-service',
      env: { LOG_LEVEL: 'warn', API_KEY_RATE_LIMIT: '100000000', FILE_WRITES_PER_MINUTE: '100000000' },
      // complete answers 503 (a warning) while the worker joins the file: print only errors.
      log: (app, line) => {
        if (/"level":(50|60)/.test(line) || !line.startsWith('{')) say(`[${app}] ${line}`);
      },
    });
    const base = system.baseUrl;
    process.env[BUS_CREDENTIALS_ENV] = JSON.stringify(infra.bus.credentials);
    const member = await createMember(infra.natsUrl);
    const s3 = infra.s3;
    say(`Object storage: ${s3.endpoint} (${process.env.S3_ENDPOINT ? 'S3_ENDPOINT' : 'embedded s3rver'}), bucket ${s3.bucket}`);

    const data = randomBytes(FILE_BYTES);
    const chunks: Buffer[] = [];
    for (let i = 0; i < data.length; i += CHUNK_BYTES) chunks.push(data.subarray(i, i + CHUNK_BYTES));
    const file: BenchFile = { data, digest: sha(data), chunks };
    const chunkDigests = chunks.map(sha);

    const storage = new ObjectStorage(() => ({
      endpoint: new URL(s3.endpoint),
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucket: s3.bucket,
      region: s3.region,
    }));
    const named: Record<string, number> = {};
    for (const service of SERVICES) {
      const pid = system.pid(service.name);
      if (pid !== undefined) named[service.name] = pid;
    }
    const directKey = `bench/direct-${Date.now()}.bin`;
    const direct = await directPuts(storage, directKey, file, DIRECT_RUNS, named);
    const directMBs = data.length / MB / direct.seconds;
    say(
      `Direct S3 PUT of ${mib(data.length)} MiB, best of ${DIRECT_RUNS}: ${direct.seconds.toFixed(2)} s, ${directMBs.toFixed(1)} MB/s (all: ${direct.runs.map((t) => t.toFixed(2)).join(', ')} s)`,
    );
    const objects = await chunkObjects(storage, directKey, file, IN_FLIGHT, named);
    say(
      `Direct S3 PUTs of the ${chunks.length} chunks, ${IN_FLIGHT} in flight: ${objects.seconds.toFixed(2)} s, ${(data.length / MB / objects.seconds).toFixed(1)} MB/s; joining them directly: ${objects.joinSeconds.toFixed(2)} s`,
    );

    const filesPids: Record<string, number> = {};
    for (const app of FILES_PROCESSES) {
      const pid = system.pid(app);
      if (pid === undefined) throw new Error(`No process id for ${app}`);
      filesPids[app] = pid;
    }
    const idle = Object.fromEntries(await Promise.all(Object.entries(filesPids).map(async ([app, pid]) => [app, mib((await rssOf(pid)) ?? 0)])));
    say(
      `files RSS before the upload: ${Object.entries(idle)
        .map(([app, v]) => `${app} ${v} MiB`)
        .join(', ')}`,
    );

    // Before the chunks, whose clean-up (a DELETE per chunk object) would otherwise run under it.
    const presigned = await presignedRounds({ base, member, storage, key: directKey, file, rounds: ROUNDS, named, filesPids });
    storage.close();
    const { multipartS, multipartTimes, readBackTimes, presignedS, presignedTimes, roundRatios } = presigned;
    say(
      `Direct multipart upload (5 MiB parts from memory, best of ${ROUNDS}): ${multipartS.toFixed(2)} s, ratio ${(direct.seconds / multipartS).toFixed(2)} of the single PUT (all: ${multipartTimes.map((t) => t.toFixed(2)).join(', ')} s)`,
    );
    say(`The store's read-back of it with the sha256, as the files service checks it: ${readBackTimes.map((t) => t.toFixed(2)).join(', ')} s`);
    say(
      `Presigned parts + complete, best of ${ROUNDS}: ${presignedS.toFixed(2)} s (all: ${presignedTimes.map((t) => t.toFixed(2)).join(', ')} s); per round store-multipart/presigned: ${roundRatios.map((r) => r.toFixed(2)).join(', ')}`,
    );

    proxy = RTT_MS > 0 ? await startDelayProxy(new URL(base), RTT_MS / 2) : undefined;
    const chunked = await chunkedUpload({
      clientBase: proxy?.url ?? base,
      member,
      file,
      chunkDigests,
      chunkBytes: CHUNK_BYTES,
      inFlight: IN_FLIGHT,
      named,
      filesPids,
    });

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

    const figures = { settings: SETTINGS, file, direct, chunkObjects: objects, presigned, chunked, idle, web, webSplit };
    for (const line of summaryLines(figures)) say(line);
    await mkdir(dirname(resultsFile), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify(resultsJson(figures), null, 2)}\n`);
    say(`Results: ${resultsFile}`);
    for (const line of ratioLines(figures)) say(line);
    return 0;
  } finally {
    closeUploadAgent();
    // Also on a failed run: its listening socket would keep the process from exiting.
    await proxy?.close();
    await system?.stopAll().catch(() => undefined);
    await infra?.stop().catch(() => undefined);
  }
}

process.exitCode = await main().catch((err: unknown) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : String(err));
  return 1;
});
