import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { FILE_LIMITS } from '@marketplace/contracts';
import { type StartedS3, startS3rver } from '@marketplace/local-stack';
import { ObjectStorage } from '@marketplace/service-kit';

import { CpuPhase, LOAD_GENERATOR } from './cpu-split.js';
import { round } from './load.js';
import { writeResults } from './results-file.js';

// `npm run bench:store`: what each kind of request costs the embedded store (s3rver) in CPU,
// measured in a process of its own. A chunked upload asks the store for three requests per 256 KiB
// chunk (the gateway's PUT, the files worker's GET as it joins, the DELETE once joined) and a share
// of a 5 MiB part; the store's own multipart upload asks only for that share. Where the store's CPU
// sets the pace (two cores shared with everything else), the ratio of the two is the most a chunked
// upload can reach of the store's multipart, whatever the product's own processes cost. Each
// request is made the way the product makes it (ObjectStorage). A measurement, never a pass or fail.

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const resultsFile = join(rootDir, 'bench', 'results', 'store-ops.json');
const CHUNK = FILE_LIMITS.chunkBytes;
const PART = 5 * 1024 * 1024;
const CHUNKS = 400;
const PARTS = (CHUNKS * CHUNK) / PART;
const IN_FLIGHT = 4;

function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

/** The child: the embedded store, as the launcher starts it; prints its settings and waits. */
async function serveStore(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'marketplace-bench-store-'));
  const store: StartedS3 = await startS3rver({ directory: dir, log: () => undefined });
  process.stdout.write(`${JSON.stringify(store.settings)}\n`);
  process.once(
    'SIGTERM',
    () =>
      void store
        .stop()
        .finally(() => rm(dir, { recursive: true, force: true }))
        .finally(() => process.exit(0)),
  );
}

interface OpFigure {
  name: string;
  ops: number;
  ms: number;
  storeMsPerOp: number;
  clientMsPerOp: number;
}

async function measure(child: ChildProcess, name: string, ops: number, run: (i: number) => Promise<unknown>): Promise<OpFigure> {
  const phase = await CpuPhase.start({ store: child.pid! });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(IN_FLIGHT, ops) }, async () => {
      while (next < ops) await run(next++);
    }),
  );
  const ms = performance.now() - started;
  const { seconds } = await phase.stop();
  const figure = {
    name,
    ops,
    ms: round(ms, 0),
    storeMsPerOp: round(((seconds.store ?? 0) * 1000) / ops, 2),
    clientMsPerOp: round(((seconds[LOAD_GENERATOR] ?? 0) * 1000) / ops, 2),
  };
  say(
    `  ${name.padEnd(34)} ${String(ops).padStart(4)} in ${String(figure.ms).padStart(5)} ms; the store ${figure.storeMsPerOp.toFixed(2)} ms of CPU each, the client ${figure.clientMsPerOp.toFixed(2)}`,
  );
  return figure;
}

async function main(): Promise<number> {
  say(`Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`);
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), 'store'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const settings = await new Promise<StartedS3['settings']>((resolveSettings, reject) => {
      child.once('exit', (code) => reject(new Error(`The store exited (${code}) before it answered.`)));
      child.stdout!.once('data', (line: Buffer) => resolveSettings(JSON.parse(String(line)) as StartedS3['settings']));
    });
    const storage = new ObjectStorage(() => ({
      endpoint: new URL(settings.endpoint),
      accessKey: settings.accessKey,
      secretKey: settings.secretKey,
      bucket: settings.bucket,
      region: settings.region,
    }));
    const chunk = randomBytes(CHUNK);
    const part = randomBytes(PART);
    say(`The embedded store (s3rver) in a process of its own; ${IN_FLIGHT} requests in flight:`);
    await measure(child, 'warm-up PUT', 40, (i) => storage.put(`warm/${i}`, chunk, 'application/octet-stream'));
    const put = await measure(child, `PUT of a ${CHUNK / 1024} KiB chunk`, CHUNKS, (i) => storage.put(`chunks/${i}`, chunk, 'application/octet-stream'));
    const get = await measure(child, `GET of a ${CHUNK / 1024} KiB chunk`, CHUNKS, (i) => storage.read(`chunks/${i}`, CHUNK));
    const del = await measure(child, 'DELETE of a chunk', CHUNKS, (i) => storage.remove(`chunks/${i}`));
    const upload = await storage.startMultipart('multipart/whole', 'application/octet-stream');
    const partFigure = await measure(child, `part of ${PART / 1024 / 1024} MiB`, PARTS, () => upload.putPart([part]));
    await upload.complete();

    // The store's CPU per 256 KiB of the file, each way.
    const partShare = partFigure.storeMsPerOp * (CHUNK / PART);
    const chunked = put.storeMsPerOp + get.storeMsPerOp + del.storeMsPerOp + partShare;
    const ceiling = round(partShare / chunked, 2);
    say('');
    say(
      `per ${CHUNK / 1024} KiB of the file, the store's CPU: ${round(chunked, 2)} ms as a chunk (PUT, GET, DELETE, its share of a part), ${round(partShare, 2)} ms in a multipart upload`,
    );
    say(
      `${(CHUNKS * CHUNK) / 1024 / 1024} MiB: ${round((chunked * CHUNKS) / 1000, 2)} s of the store's CPU as chunks, ${round((partShare * CHUNKS) / 1000, 2)} s as a multipart upload (which took ${partFigure.ms} ms)`,
    );
    say(`ceiling chunks/store-multipart on this store: ${ceiling}`);

    await writeResults(resultsFile, 'store-ops', {
      settings: { chunkBytes: CHUNK, partBytes: PART, chunks: CHUNKS, inFlight: IN_FLIGHT },
      operations: [put, get, del, partFigure],
      storeMsPerChunk: round(chunked, 2),
      storeMsPerChunkInMultipart: round(partShare, 2),
      ceiling,
    });
    say(`Results: ${resultsFile}`);
    storage.close();
    return 0;
  } finally {
    // Reaped before this process ends, so bench:all counts the store's CPU as the benchmark's, not as noise.
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : once(child, 'exit');
    child.kill('SIGTERM');
    await exited;
  }
}

if (process.argv[2] === 'store') await serveStore();
else process.exit(await main());
