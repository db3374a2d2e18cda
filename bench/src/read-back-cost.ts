import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { applicationSubmittedV1 } from '@marketplace/contracts';
import { startNatsServer } from '@marketplace/local-stack';
import { connectNats, createDataSource, createLogger, migrate, OutboxRelay, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { startNatsCluster } from '@marketplace/testing';
import type { DataSource } from 'typeorm';

import { CpuPhase, LOAD_GENERATOR } from './cpu-split.js';
import { median } from './load.js';

// What the outbox relay's read-back (docs/decisions/0006) costs per event published, against the
// relay's own cost, in one run. Alternating rounds of three modes on the same PostgreSQL and a NATS
// of this phase's own (nothing else on it): events committed at a steady rate with no relay (the
// producer alone), with the relay and no read-back, and with both. This process hosts the producer
// and the relay, as a service does; the modes' differences are the relay's and the read-back's.

const RATE_PER_S = 100;
const SECONDS = 6;
/** The relay's default: each event is read back 5 s after its PubAck. */
const AFTER_MS = 5000;
/** Every mode's window runs this long past the last commit, so the last read-backs fall inside it. */
const TAIL_MS = AFTER_MS + 2500;

export type ReadBackMode = 'producer' | 'relay' | 'relay+read-back';
const MODES: readonly ReadBackMode[] = ['producer', 'relay', 'relay+read-back'];

/** Per event committed, in one round of one mode. */
export interface PerEvent {
  hostCpuMs: number;
  natsCpuMs: number;
  postgresCpuMs: number;
  /** The relay's NATS connection: messages and bytes in and out. */
  natsMsgs: number;
  natsBytes: number;
  /** JetStream API requests the server counted (stream info, message reads). */
  jsApiRequests: number;
  /** Statements the relay's own pool sent PostgreSQL (BEGIN and COMMIT included). */
  relayStatements: number;
}

export interface ReadBackCost {
  topology: string;
  events: number;
  /** Median of the rounds, per mode. */
  modes: Record<ReadBackMode, PerEvent>;
  relay: PerEvent;
  readBack: PerEvent;
  /** The read-back's cost over the relay's, for the relay's host CPU and the whole (host, NATS, PostgreSQL). */
  hostCpuRatio: number;
  cpuRatio: number;
  msgsRatio: number;
  /** cpuRatio of each round on its own: the spread the machine's noise gives. */
  cpuRatioRounds: number[];
}

/** Statements each query runner of this data source sends, counted as TypeORM hands them over. */
function countStatements(ds: DataSource): { count: () => number } {
  let n = 0;
  const driver = ds.driver;
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = create(mode);
    const query = runner.query.bind(runner);
    runner.query = ((...args: Parameters<typeof query>) => {
      n++;
      return query(...args);
    }) as typeof runner.query;
    return runner;
  };
  return { count: () => n };
}

async function jsApiTotal(nc: Awaited<ReturnType<typeof connectNats>>): Promise<number> {
  const reply = await nc.request('$JS.API.INFO', undefined, { timeout: 5000 });
  return (JSON.parse(new TextDecoder().decode(reply.data)) as { api: { total: number } }).api.total;
}

const minus = (a: PerEvent, b: PerEvent): PerEvent =>
  Object.fromEntries(Object.keys(a).map((k) => [k, a[k as keyof PerEvent] - b[k as keyof PerEvent]])) as unknown as PerEvent;

interface Bus {
  servers: string;
  pids: number[];
  stop(): Promise<void>;
}

async function singleServer(dir: string): Promise<Bus> {
  const storeDir = join(dir, 'nats');
  const nats = await startNatsServer({ storeDir, log: () => undefined });
  return { servers: nats.url, pids: [Number(await readFile(join(storeDir, 'nats-server.pid'), 'utf8'))], stop: nats.stop };
}

async function threeServers(dir: string): Promise<Bus> {
  const cluster = await startNatsCluster({ dir });
  const pids = await Promise.all([1, 2, 3].map(async (i) => Number(await readFile(join(dir, `n${i}`, 'nats-server.pid'), 'utf8'))));
  return { servers: cluster.urls.join(','), pids, stop: cluster.stop };
}

/**
 * The read-back's cost on a single server (npm start, the e2e tests, this benchmark's own system:
 * a stream of one replica) and on a three-server cluster (the stream at three replicas, as the
 * chaos run and the chart keep it). `databaseUrl` is the run's PostgreSQL; a schema of its own.
 */
export async function measureReadBack(
  databaseUrl: string,
  topology: 'one server' | 'three servers',
  rounds: number,
  say: (line: string) => void,
): Promise<ReadBackCost> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-read-back-'));
  const bus = await (topology === 'one server' ? singleServer(dir) : threeServers(dir));
  const schema = `bench_readback_${randomUUID().slice(0, 8)}`;
  const saved = { url: process.env.DATABASE_URL, replicas: process.env.JETSTREAM_REPLICAS };
  process.env.DATABASE_URL = databaseUrl;
  process.env.JETSTREAM_REPLICAS = topology === 'one server' ? '1' : '3';
  const producerDs = createDataSource({ schema, entities: [], migrations: [] });
  const relayDs = createDataSource({ schema, entities: [], migrations: [] });
  const logger = createLogger('bench-read-back');
  logger.level = 'warn';
  const probe = await connectNats('bench-probe', { env: {}, servers: bus.servers });
  try {
    await producerDs.initialize();
    await migrate(producerDs, schema);
    await relayDs.initialize();
    const statements = countStatements(relayDs);
    const samples: Record<ReadBackMode, PerEvent[]> = { producer: [], relay: [], 'relay+read-back': [] };
    let events = 0;
    for (let round = 0; round < rounds; round++) {
      // Each round starts with another mode, so no mode always follows the same one (the rows a
      // producer round leaves, and their clean-up, would cost the next mode's relay every time).
      for (const mode of [...MODES.slice(round % MODES.length), ...MODES.slice(0, round % MODES.length)]) {
        const nc = await connectNats('bench-relay', { env: {}, servers: bus.servers });
        const relay = new OutboxRelay(relayDs, nc, logger, { verifyAfterMs: mode === 'relay+read-back' ? AFTER_MS : 0 });
        if (mode !== 'producer') await relay.start();
        // The producer alone: its commits kick nothing.
        const uow = new UnitOfWork(producerDs, mode === 'producer' ? ({ publishCommitted: () => undefined } as unknown as OutboxRelay) : relay);
        await sleep(500);
        const before = { stats: nc.stats(), api: await jsApiTotal(probe), statements: statements.count() };
        const cpu = await CpuPhase.start(Object.fromEntries(bus.pids.map((pid, i) => [`nats-${i}`, pid])));
        const n = RATE_PER_S * SECONDS;
        const start = performance.now();
        const commits: Promise<unknown>[] = [];
        for (let i = 0; i < n; i++) {
          const wait = start + (i * 1000) / RATE_PER_S - performance.now();
          if (wait > 0) await sleep(wait);
          commits.push(
            uow.run((em) =>
              recordEvent(em, applicationSubmittedV1, {
                applicationId: randomUUID(),
                jobId: randomUUID(),
                applicantId: randomUUID(),
                posterId: randomUUID(),
                jobVersion: 1,
                viaAgent: true,
                submittedAt: new Date().toISOString(),
              }),
            ),
          );
        }
        await Promise.all(commits);
        await sleep(TAIL_MS);
        const split = await cpu.stop();
        const stats = nc.stats();
        const api = await jsApiTotal(probe);
        const seconds = (name: string) => split.seconds[name] ?? 0;
        const nats = bus.pids.reduce((s, _, i) => s + seconds(`nats-${i}`), 0);
        samples[mode].push({
          hostCpuMs: (seconds(LOAD_GENERATOR) * 1000) / n,
          natsCpuMs: (nats * 1000) / n,
          postgresCpuMs: (seconds('postgres') * 1000) / n,
          natsMsgs: (stats.inMsgs + stats.outMsgs - before.stats.inMsgs - before.stats.outMsgs) / n,
          natsBytes: (stats.inBytes + stats.outBytes - before.stats.inBytes - before.stats.outBytes) / n,
          jsApiRequests: (api - before.api) / n,
          relayStatements: (statements.count() - before.statements) / n,
        });
        await relay.stop();
        await nc.close();
        // Nothing is left for the next mode's relay: the producer's rows go, the relays' are all published.
        const [{ pending }] = (await producerDs.query(`SELECT count(*)::int AS pending FROM "${schema}".outbox_events WHERE published_at IS NULL`)) as [
          { pending: number },
        ];
        if (mode === 'producer') await producerDs.query(`DELETE FROM "${schema}".outbox_events WHERE published_at IS NULL`);
        else if (pending > 0) throw new Error(`${pending} events left unpublished by the relay (${mode})`);
        await producerDs.query(`VACUUM "${schema}".outbox_events`);
        events += n;
        say(
          `  read-back cost, ${topology}, round ${round + 1} ${mode}: host ${samples[mode].at(-1)!.hostCpuMs.toFixed(3)} ms/event, others on the machine ${Math.round((split.usage?.others ?? NaN) * 100)}%`,
        );
      }
    }
    const medianOf = (rows: PerEvent[]) =>
      Object.fromEntries(Object.keys(rows[0]!).map((k) => [k, median(rows.map((s) => s[k as keyof PerEvent]))])) as unknown as PerEvent;
    const modes = { producer: medianOf(samples.producer), relay: medianOf(samples.relay), 'relay+read-back': medianOf(samples['relay+read-back']) };
    const relay = minus(modes.relay, modes.producer);
    const readBack = minus(modes['relay+read-back'], modes.relay);
    const cpu = (p: PerEvent) => p.hostCpuMs + p.natsCpuMs + p.postgresCpuMs;
    const cpuRatioRounds = samples.relay.map((r, i) => (cpu(samples['relay+read-back'][i]!) - cpu(r)) / (cpu(r) - cpu(samples.producer[i]!)));
    return {
      topology,
      events,
      modes,
      relay,
      readBack,
      cpuRatioRounds,
      hostCpuRatio: readBack.hostCpuMs / relay.hostCpuMs,
      cpuRatio: cpu(readBack) / cpu(relay),
      msgsRatio: readBack.natsMsgs / relay.natsMsgs,
    };
  } finally {
    await probe.close().catch(() => undefined);
    await producerDs.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await producerDs.destroy().catch(() => undefined);
    await relayDs.destroy().catch(() => undefined);
    await bus.stop().catch(() => undefined);
    for (const [name, value] of [
      ['DATABASE_URL', saved.url],
      ['JETSTREAM_REPLICAS', saved.replicas],
    ] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await rm(dir, { recursive: true, force: true });
  }
}
