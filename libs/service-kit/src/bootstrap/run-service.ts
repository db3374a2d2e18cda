import 'reflect-metadata';

import { AsyncLocalStorage } from 'node:async_hooks';

import { operationsOf, type ServiceName } from '@marketplace/contracts';
import type { NatsConnection } from '@nats-io/transport-node';
import { type DynamicModule, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { DataSource } from 'typeorm';

import { ACCESS_SETTINGS_SOURCE, AccessSettingsCache, type AccessSettingsSource } from '../access/member-access.js';
import { BusServer } from '../bus/bus-server.js';
import { CallerVerifier } from '../bus/caller-token.js';
import { connectNats } from '../bus/nats-connection.js';
import { OPERATION_HANDLERS, type OperationHandler } from '../bus/operation-handler.js';
import { createDataSource, type DatabaseOptions, migrate } from '../database/data-source.factory.js';
import { KitTablePruner } from '../database/kit-table-pruner.js';
import { watchPoolWaits } from '../database/pool-metrics.js';
import { EVENT_CONSUMERS, type EventConsumer, EventConsumerRunner } from '../events/event-consumer.js';
import { answerHealth } from '../health/bus-health.js';
import { startHealthServer } from '../health/health-server.js';
import { IdempotencyStore } from '../idempotency/idempotency-store.js';
import { createLogger } from '../logging/logger.js';
import { OutboxRelay } from '../outbox/outbox-relay.js';
import { PERIODIC_TASKS, PeriodicRunner, type PeriodicTask } from '../queues/periodic-task.js';
import { selectWorkHandlers, WORK_HANDLERS, type WorkHandler } from '../queues/work-handler.js';
import { WorkRunner } from '../queues/work-runner.js';
import { processSettings, workerSettings } from '../scope/kit-settings.js';
import { currentScope, inServiceScope, type LogOutput, type ServiceEnv, serviceMetrics } from '../scope/service-scope.js';
import { assertDataKey } from '../secrets/sealed-value.js';
import { configureTracing, stopTracing } from '../tracing/tracer.js';
import { databaseAnswers } from './bootstrap.queries.js';
import { KitModule } from './kit.module.js';
import { readKitSettings } from './kit-settings-list.js';
import { refuseDefaultSecrets } from './production-secrets.js';
import { closeServer, type RunningService, runStandalone, type ServiceEntry } from './service-entry.js';

export interface ServiceDefinition {
  name: string;
  module: Type<unknown>;
  database?: Omit<DatabaseOptions, 'schema'> & { schema?: string };
  /**
   * The service's own settings (its `defineSettings` groups, its limits among them), read at start
   * beside the kit's, so a bad value stops the service before it opens anything, naming the variable.
   * What another service declares is never read here.
   */
  settings?: (() => unknown)[];
  /** The service seals secrets in its tables: in production its api and worker refuse to start without DATA_ENCRYPTION_KEY. */
  sealsSecrets?: boolean;
}

type Role = 'api' | 'worker' | 'migrate';

function roleOf(env: ServiceEnv): Role {
  // Whether `worker` has anything to pull is known once the module's providers exist (startService checks it).
  return processSettings.read(env).role;
}

/**
 * Reads every setting the kit and the service declare, at start and before anything is opened: a
 * bad value throws a SettingError naming the variable, and the service does not start. What only
 * another service declares (its limits) is not read, so it cannot stop this one.
 */
export function readSettingsAtStart(def: Pick<ServiceDefinition, 'settings'>, env: ServiceEnv): void {
  readKitSettings(env);
  inServiceScope(env, () => {
    for (const read of def.settings ?? []) read();
  });
}

export function serviceEntry(def: ServiceDefinition): ServiceEntry {
  return { name: def.name, start: (env, output) => startService(def, env, output) };
}

/** One entry point for every service; the role (api, worker, migrate) is chosen by environment. */
export async function runService(def: ServiceDefinition): Promise<void> {
  await runStandalone(serviceEntry(def));
}

/**
 * Starts a service with its own settings (`env`: bus keys, health port, role, tunables). Everything it
 * opens runs inside its service scope, so several services can share one Node process.
 */
export function startService(def: ServiceDefinition, env: ServiceEnv, output?: LogOutput): Promise<RunningService> {
  return inServiceScope(
    env,
    async () => {
      // A process that fails to start exits; a service beside others must close what it opened.
      const opened: (() => Promise<unknown>)[] = [];
      try {
        return await startInScope(def, env, opened);
      } catch (error) {
        for (const close of opened.reverse()) await close().catch(() => undefined);
        throw error;
      }
    },
    output,
  );
}

async function startInScope(def: ServiceDefinition, env: ServiceEnv, opened: (() => Promise<unknown>)[]): Promise<RunningService> {
  const role = roleOf(env);
  readSettingsAtStart(def, env);
  refuseDefaultSecrets(env);
  // Migrations need the key only for rows older versions stored in the clear; they say so themselves.
  if (def.sealsSecrets && role !== 'migrate' && processSettings.read(env).nodeEnv === 'production') assertDataKey(env);
  const logger = createLogger(role === 'api' ? def.name : `${def.name}-${role}`);
  // One dashboard for every service: each series says which service and role it came from.
  serviceMetrics().setDefaultLabels({ service: def.name, role });
  configureTracing(def.name, env);
  const schema = def.database?.schema ?? def.name;
  const ds: DataSource | undefined = def.database ? createDataSource({ ...def.database, schema }) : undefined;

  if (ds) {
    await ds.initialize();
    watchPoolWaits(ds);
    opened.push(() => ds.destroy());
    currentScope().database = ds;
    if (role === 'migrate' || processSettings.read(env).migrateOnStart) {
      const applied = await migrate(ds, schema);
      if (applied.length) logger.info({ applied }, 'migrations applied');
    }
    if (role === 'migrate') {
      await ds.destroy();
      return { stop: async () => undefined };
    }
  }

  const verifier = await CallerVerifier.fromEnv(env);
  const nc: NatsConnection = await connectNats(def.name, { name: `${def.name}-${role}`, env });
  opened.push(() => nc.close());
  const relay = ds ? new OutboxRelay(ds, nc, logger) : undefined;
  opened.push(async () => relay?.stop());

  @Module({ imports: [KitModule.forRoot({ service: def.name, nc, ds, relay, logger }), def.module] })
  class RootModule {}

  const app = await NestFactory.createApplicationContext(RootModule as unknown as DynamicModule, { logger: false, abortOnError: false });
  opened.push(() => app.close());
  await app.init();

  const bus = new BusServer(
    nc,
    def.name,
    logger,
    verifier,
    ds ? new IdempotencyStore(ds) : undefined,
    safeGet<AccessSettingsSource>(app, ACCESS_SETTINGS_SOURCE) ?? safeGet<AccessSettingsCache>(app, AccessSettingsCache),
  );
  const consumers = ds ? new EventConsumerRunner(nc, ds, def.name, logger, (recorded) => relay?.publishCommitted(recorded)) : undefined;
  opened.push(async () => consumers?.stop());
  let workers: WorkRunner | undefined;
  let periodic: PeriodicRunner | undefined;
  if (role === 'api') {
    bus.listen(safeGet<OperationHandler[]>(app, OPERATION_HANDLERS) ?? [], operationsOf(def.name as ServiceName));
    // A start that fails from here on must not leave its handlers answering callers in this process.
    opened.push(() => bus.drain(0));
    const eventConsumers = safeGet<EventConsumer[]>(app, EVENT_CONSUMERS) ?? [];
    await consumers?.start(eventConsumers);
    await relay?.start();
    const tasks = safeGet<PeriodicTask[]>(app, PERIODIC_TASKS) ?? [];
    if (tasks.length && !ds) throw new Error(`${def.name} has periodic tasks but no database (their claims live there)`);
    // The kit's own pruning of its tables is one more periodic task of every service with a database.
    if (ds) periodic = new PeriodicRunner(ds, logger).start([...tasks, new KitTablePruner(ds)]);
    opened.push(async () => periodic?.stop());
  } else {
    // ACTIVE_WORKERS: the queues the service registers with workersProvider; WORKER_QUEUES may narrow them.
    const handlers = safeGet<WorkHandler[]>(app, WORK_HANDLERS) ?? [];
    if (handlers.length === 0) throw new Error(`ROLE=worker: ${def.name} registers no work queues; run no worker for it`);
    if (!ds) throw new Error(`ROLE=worker: ${def.name} has work queues but no database (the outbox and failed_work live there)`);
    workers = new WorkRunner(nc, ds, def.name, logger);
    opened.push(async () => workers?.stop());
    await workers.start(selectWorkHandlers(def.name, handlers, workerSettings.read(env).queues));
    // A job may record events or enqueue follow-up work; they leave through this process's relay.
    await relay?.start();
  }

  const checks = {
    ready: async () => ({
      bus: !nc.isClosed(),
      ...(ds ? { database: await databaseAnswers(ds) } : {}),
    }),
  };
  const health = await startHealthServer(def.name, checks);
  if (role === 'api') answerHealth(nc, def.name, checks.ready);
  logger.info({ role }, `${def.name} ready`);

  let stopped: Promise<void> | undefined;
  // Bound to the service's scope: whoever asks it to stop, it drains as itself.
  const stop = AsyncLocalStorage.bind(async () => {
    logger.info('stopping');
    await bus.drain();
    await workers?.stop();
    await consumers?.stop();
    await relay?.stop();
    await periodic?.stop();
    await app.close();
    await nc.drain().catch(() => undefined);
    await ds?.destroy().catch(() => undefined);
    await closeServer(health);
    await stopTracing();
  });
  return { stop: () => (stopped ??= stop()) };
}

function safeGet<T>(app: { get: (t: symbol | Function, o: { strict: boolean }) => unknown }, token: symbol | Function): T | undefined {
  try {
    return app.get(token, { strict: false }) as T;
  } catch {
    return undefined;
  }
}
