import { randomBytes } from 'node:crypto';

import type { EventEnvelope } from '@marketplace/contracts';
import { createDataSource, migrate, type OutboxRelay, UnitOfWork } from '@marketplace/service-kit';
import { DataSource, type QueryRunner } from 'typeorm';

import { testDatabaseUrl } from './test-infrastructure.js';

export interface ServiceSchemaOptions {
  /** The service's entities and migrations, as its main.ts hands them to runService. */
  entities: Function[];
  migrations: Function[];
  /** Part of the schema's name, to tell leftovers apart (the service's name, say). */
  label?: string;
}

export interface RecordedEvent {
  subject: string;
  envelope: EventEnvelope;
}

export interface ServiceSchema {
  /** The throw-away schema: `medium_<label>_<random>`. */
  schema: string;
  /** Pinned to the schema by search_path, exactly as the service's own pool is. */
  ds: DataSource;
  /** Transactions as handlers run them; the relay kick is counted instead of publishing. */
  uow: UnitOfWork;
  /** How many committed units of work handed their events to the relay. */
  relayKicks(): number;
  /** The events recorded in the outbox, oldest first. */
  outbox(): Promise<RecordedEvent[]>;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Another pool on the same schema, as another replica of the service has its own; drop() closes it. */
  otherReplica(): Promise<DataSource>;
  /** Drops the schema and closes the pools. */
  drop(): Promise<void>;
}

/** The URL with its password hidden, for messages. */
function shown(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(an unparsable DATABASE_URL)';
  }
}

/**
 * A fresh schema on a real PostgreSQL, migrated by the service's own migrations (the kit's tables
 * first, as in production), for testing handlers against real SQL: constraints, locks, the outbox.
 * Uses the run's DATABASE_URL, else the PostgreSQL the unit project's global setup started embedded.
 * An unreachable database is an error that says so, never a skipped test.
 */
export async function openServiceSchema(opts: ServiceSchemaOptions): Promise<ServiceSchema> {
  const url = await testDatabaseUrl();
  const schema = `medium_${(opts.label ?? 'svc').replace(/\W/g, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  // The kit's factory reads DATABASE_URL when it builds the pool; set it only for that moment.
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = url;
  let ds: DataSource;
  try {
    ds = createDataSource({ schema, entities: opts.entities, migrations: opts.migrations });
    // Tests provoke constraint violations on purpose; the driver's error log would print each as
    // if something broke. Failures still reach the test as thrown errors.
    ds.setOptions({ logging: false });
  } finally {
    if (saved === undefined) delete process.env.DATABASE_URL;
    else process.env.DATABASE_URL = saved;
  }
  try {
    await ds.initialize();
  } catch (err) {
    throw new Error(
      `PostgreSQL is unreachable at ${shown(url)}: ${(err as Error).message}. Medium tests (*.medium.spec.ts) run handlers ` +
        'against a real database: set DATABASE_URL to one this test may create schemas in, or leave it unset for an embedded one.',
    );
  }
  try {
    await migrate(ds, schema);
  } catch (err) {
    await ds.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
    await ds.destroy();
    throw err;
  }
  const replicas: DataSource[] = [];
  let kicks = 0;
  // The relay publishes to JetStream; here a commit only has to show it would have been told.
  const relay = {
    publishCommitted: () => {
      kicks += 1;
    },
  } as unknown as OutboxRelay;
  return {
    schema,
    ds,
    uow: new UnitOfWork(ds, relay),
    relayKicks: () => kicks,
    outbox: async () => (await ds.query('SELECT subject, envelope FROM outbox_events ORDER BY created_at, ctid')) as RecordedEvent[],
    query: async <T>(sql: string, params: unknown[] = []) => (await ds.query(sql, params)) as T[],
    otherReplica: async () => {
      const replica = new DataSource(ds.options);
      replicas.push(replica);
      return replica.initialize();
    },
    drop: async () => {
      try {
        await Promise.all(replicas.map((r) => (r.isInitialized ? r.destroy() : undefined)));
        await ds.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await ds.destroy();
      }
    },
  };
}

/**
 * Runs one migration's `up` on a schema opened with the migrations before it: rows written in the
 * older shape in between show what the migration does to existing data.
 */
export async function runMigrationUp(ds: DataSource, migration: { up(q: QueryRunner): Promise<void> }): Promise<void> {
  const runner = ds.createQueryRunner();
  try {
    await migration.up(runner);
  } finally {
    await runner.release();
  }
}

/** Runs `work` against a fresh migrated schema and drops it afterwards, whatever happened. */
export async function withServiceSchema<T>(opts: ServiceSchemaOptions, work: (s: ServiceSchema) => Promise<T>): Promise<T> {
  const s = await openServiceSchema(opts);
  try {
    return await work(s);
  } finally {
    await s.drop();
  }
}
