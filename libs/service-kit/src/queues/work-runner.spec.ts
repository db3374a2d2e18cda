import 'reflect-metadata';

import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { defineQueue, type QueueDefinition, type ServiceName, workStreamName } from '@marketplace/contracts';
import { testDatabaseUrl, testNatsUrl } from '@marketplace/testing';
import { type JetStreamManager, jetstreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { pino } from 'pino';
import { register } from 'prom-client';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';

import { createDataSource, migrate } from '../database/data-source.factory.js';
import { UnitOfWork } from '../database/unit-of-work.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { enqueueWork } from './enqueue-work.js';
import { DeferWork, type WorkContext, type WorkHandler } from './work-handler.js';
import { workDurableName, WorkRunner, type WorkRunnerOptions } from './work-runner.js';

// Real PostgreSQL and NATS (JetStream), as the unit project's global setup provides them (DATABASE_URL
// and NATS_URL, else embedded ones): a throw-away schema, and a service name of its own so
// this run's work stream is nobody else's. Both are removed afterwards.
const suffix = randomBytes(4).toString('hex');
const service = `kitq${suffix}` as ServiceName;
const lateService = `kitq${suffix}-late` as ServiceName;
const schema = `kitq_${suffix}`;
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const job = z.object({ n: z.number().int() });

let nc: NatsConnection;
let jsm: JetStreamManager;
let ds: DataSource;
let relay: OutboxRelay;
let uow: UnitOfWork;
const runners: WorkRunner[] = [];

async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

async function startRunner(handlers: WorkHandler<any>[], opts: WorkRunnerOptions = {}, owner: string = service): Promise<WorkRunner> {
  const runner = new WorkRunner(nc, ds, owner, logger, { pullExpiresMs: 1000, drainMs: 5000, env: {}, ...opts });
  runners.push(runner);
  await runner.start(handlers);
  return runner;
}

function handler<P extends z.ZodType>(queue: QueueDefinition<P>, run: (payload: z.output<P>, ctx: WorkContext) => Promise<void>): WorkHandler<P> {
  return { queue, run };
}

/** Nothing waiting and nothing unacknowledged: no further delivery of this queue can happen. */
async function settled(queue: QueueDefinition): Promise<boolean> {
  const info = await jsm.consumers.info(workStreamName(queue.service), workDurableName(queue));
  return info.num_pending === 0 && info.num_ack_pending === 0;
}

beforeAll(async () => {
  process.env.DATABASE_URL = await testDatabaseUrl();
  nc = await connect({ servers: await testNatsUrl() });
  jsm = await jetstreamManager(nc);
  ds = createDataSource({ schema, entities: [], migrations: [] });
  await ds.initialize();
  await migrate(ds, schema);
  relay = new OutboxRelay(ds, nc, logger);
  uow = new UnitOfWork(ds, relay);
});

afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
  await relay?.stop();
  for (const owner of [service, lateService]) await jsm?.streams.delete(workStreamName(owner)).catch(() => undefined);
  await ds?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
  await ds?.destroy();
  await nc?.close();
});

describe('work queues on JetStream, enqueued through the outbox', { timeout: 15_000 }, () => {
  it('runs an item enqueued in a committed transaction exactly once, even when the relay publishes it twice', async () => {
    const queue = defineQueue(service, 'once', 1, job);
    const runs: { n: number; id: string; attempt: number }[] = [];
    await startRunner([
      handler(queue, async ({ n }, ctx) => {
        runs.push({ n, id: ctx.id, attempt: ctx.attempt });
      }),
    ]);

    const item = await uow.run((em) => enqueueWork(em, queue, { n: 1 }));
    await until(() => runs.length === 1, 'the item to run');
    await until(() => settled(queue), 'the ack');

    // A relay that died after publishing but before marking the row publishes it again: the
    // stream recognises the message id and stores nothing new.
    const before = (await jsm.streams.info(workStreamName(service))).state.last_seq;
    await ds.query('UPDATE outbox_events SET published_at = NULL WHERE id = $1', [item.id]);
    relay.kick();
    await until(
      async () => (await ds.query('SELECT 1 FROM outbox_events WHERE id = $1 AND published_at IS NOT NULL', [item.id])).length === 1,
      'the re-publish',
    );
    const after = await jsm.streams.info(workStreamName(service));
    expect(after.state.last_seq).toBe(before);
    expect(after.state.messages).toBe(0);
    expect(runs).toEqual([{ n: 1, id: item.id, attempt: 1 }]);
  });

  it('never runs an item whose transaction rolled back', async () => {
    const queue = defineQueue(service, 'rollback', 1, job);
    const runs: number[] = [];
    await startRunner([
      handler(queue, async ({ n }) => {
        runs.push(n);
      }),
    ]);

    await expect(
      uow.run(async (em) => {
        await enqueueWork(em, queue, { n: 1 });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await uow.run((em) => enqueueWork(em, queue, { n: 2 }));

    await until(() => runs.includes(2), 'the committed item');
    await until(() => settled(queue), 'the queue to empty');
    expect(runs).toEqual([2]);
    const rows: unknown[] = await ds.query('SELECT id FROM outbox_events WHERE subject = $1', [queue.subject]);
    expect(rows).toHaveLength(1);
  });

  it('keeps an item enqueued before any worker or stream existed; the relay creates the work stream', async () => {
    const queue = defineQueue(lateService, 'late', 1, job);
    await uow.run((em) => enqueueWork(em, queue, { n: 7 }));

    const stream = workStreamName(lateService);
    await until(async () => (await jsm.streams.info(stream).catch(() => undefined))?.state.messages === 1, 'the relay to publish');
    const { config } = await jsm.streams.info(stream);
    expect(config).toMatchObject({ retention: RetentionPolicy.Workqueue, storage: StorageType.File, duplicate_window: 10 * 60 * 1e9 });

    const runs: number[] = [];
    await startRunner(
      [
        handler(queue, async ({ n }) => {
          runs.push(n);
        }),
      ],
      {},
      lateService,
    );
    await until(() => runs.length === 1, 'the late worker to run it');
    expect(runs).toEqual([7]);
  });

  it('hands a deferred item back for the delay it asked, without recording a failure', async () => {
    const queue = defineQueue(service, 'deferred', 1, job, { backoffMs: 5000, maxAttempts: 3 });
    const runs: number[] = [];
    await startRunner([
      handler(queue, async () => {
        runs.push(Date.now());
        if (runs.length === 1) throw new DeferWork(300);
      }),
    ]);

    await uow.run((em) => enqueueWork(em, queue, { n: 1 }));
    await until(() => runs.length === 2, 'the deferred run');
    await until(() => settled(queue), 'the ack');
    // The deferral's own delay, not the queue's 5 s backoff.
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(300 - 20);
    expect(runs[1]! - runs[0]!).toBeLessThan(4000);
    expect(await ds.query('SELECT id FROM failed_work WHERE queue = $1', [queue.name])).toEqual([]);
  });

  it('retries a failing item with exponential backoff', async () => {
    const queue = defineQueue(service, 'flaky', 1, job, { backoffMs: 200, maxAttempts: 5 });
    const attempts: { attempt: number; at: number }[] = [];
    await startRunner([
      handler(queue, async (_payload, ctx) => {
        attempts.push({ attempt: ctx.attempt, at: Date.now() });
        if (ctx.attempt < 3) throw new Error(`not yet (${ctx.attempt})`);
      }),
    ]);

    await uow.run((em) => enqueueWork(em, queue, { n: 1 }));
    await until(() => attempts.length === 3, 'the third attempt');
    await until(() => settled(queue), 'the ack');

    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(200 - 20);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(400 - 20);
    expect(await ds.query('SELECT id FROM failed_work WHERE queue = $1', [queue.name])).toEqual([]);
  });

  it('records an item in failed_work after its last attempt and takes it off the queue', async () => {
    const queue = defineQueue(service, 'doomed', 2, job, { backoffMs: 100, maxAttempts: 3 });
    const attempts: number[] = [];
    await startRunner([
      handler(queue, async (_payload, ctx) => {
        attempts.push(ctx.attempt);
        throw new Error(`broken (${ctx.attempt})`);
      }),
    ]);

    const item = await uow.run((em) => enqueueWork(em, queue, { n: 9 }));
    await until(async () => (await ds.query('SELECT 1 FROM failed_work WHERE id = $1', [item.id])).length === 1, 'the failure record');
    await until(() => settled(queue), 'the queue to drop it');

    expect(attempts).toEqual([1, 2, 3]);
    const [row] = await ds.query('SELECT queue, version, payload, error, attempts, enqueued_at FROM failed_work WHERE id = $1', [item.id]);
    expect(row).toMatchObject({ queue: 'doomed', version: 2, payload: { n: 9 }, error: 'broken (3)', attempts: 3 });
    expect(new Date(row.enqueued_at).toISOString()).toBe(item.enqueuedAt);
  });

  it('heartbeats a job that runs longer than ack_wait, so no other slot gets it again', async () => {
    const queue = defineQueue(service, 'long', 1, job, { ackWaitSeconds: 1 });
    const started: number[] = [];
    let finished = 0;
    // A second slot stands idle: were the item redelivered, that slot would take it.
    await startRunner(
      [
        handler(queue, async (_payload, ctx) => {
          started.push(ctx.attempt);
          await sleep(2500);
          finished++;
        }),
      ],
      { env: { WORKER_CONCURRENCY: '2' } },
    );

    await uow.run((em) => enqueueWork(em, queue, { n: 1 }));
    await until(() => finished === 1, 'the long job', 10_000);
    await until(() => settled(queue), 'the ack');

    expect(started).toEqual([1]);
    const info = await jsm.consumers.info(workStreamName(service), workDurableName(queue));
    expect(info.num_redelivered).toBe(0);
  });

  it('runs up to the configured number of items at once and reports the rest as pending', async () => {
    const queue = defineQueue(service, 'parallel', 1, job);
    const running = new Set<number>();
    const done: number[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await startRunner(
      [
        handler(queue, async ({ n }) => {
          running.add(n);
          await released;
          running.delete(n);
          done.push(n);
        }),
      ],
      { env: { WORKER_CONCURRENCY: '5', WORKER_CONCURRENCY_PARALLEL: '2' } },
    );

    await uow.run(async (em) => {
      for (const n of [1, 2, 3]) await enqueueWork(em, queue, { n });
    });
    await until(() => running.size === 2, 'two items to run');
    const pending = async () =>
      (await register.getSingleMetric('work_queue_pending')!.get()).values.find((v) => v.labels.service === service && v.labels.queue === 'parallel')?.value;
    await until(async () => (await pending()) === 1, 'the gauge to show one waiting');
    expect(running.size).toBe(2);

    release();
    await until(() => done.length === 3, 'all three');
    expect(await pending()).toBe(0);
  });

  it('finishes the in-flight item when stopped', async () => {
    const queue = defineQueue(service, 'drain', 1, job);
    let started = false;
    let finished = false;
    const runner = await startRunner([
      handler(queue, async () => {
        started = true;
        await sleep(1200);
        finished = true;
      }),
    ]);

    await uow.run((em) => enqueueWork(em, queue, { n: 1 }));
    await until(() => started, 'the job to start');
    await runner.stop();

    expect(finished).toBe(true);
    expect(await settled(queue)).toBe(true);
  });

  it('bounds the drain: a job still running is aborted and handed straight back', async () => {
    // A long ack_wait: only the runner handing the item back makes it come back quickly.
    const queue = defineQueue(service, 'stubborn', 1, job, { ackWaitSeconds: 60 });
    let signal: AbortSignal | undefined;
    const runner = await startRunner(
      [
        handler(queue, async (_payload, ctx) => {
          signal = ctx.signal;
          await sleep(30_000, undefined, { signal: ctx.signal }).catch(() => undefined);
        }),
      ],
      { drainMs: 300 },
    );

    await uow.run((em) => enqueueWork(em, queue, { n: 1 }));
    await until(() => signal !== undefined, 'the job to start');
    // stop() returns while the job would still sleep for half a minute (past this test's timeout): the drain is bounded.
    await runner.stop();
    expect(signal!.aborted).toBe(true);

    const attempts: number[] = [];
    await startRunner([
      handler(queue, async (_payload, ctx) => {
        attempts.push(ctx.attempt);
      }),
    ]);
    await until(() => attempts.length === 1, 'another worker to take it');
    expect(attempts).toEqual([2]);
  });

  it("refuses to pull another service's queue", async () => {
    const queue = defineQueue(lateService, 'elsewhere', 1, job);
    const runner = new WorkRunner(nc, ds, service, logger, { env: {} });
    await expect(runner.start([handler(queue, async () => undefined)])).rejects.toThrow(/not a queue of/);
  });
});
