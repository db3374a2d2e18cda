import { DataSource } from 'typeorm';

import { ProcessedEvent } from '../events/processed-event.entity.js';
import { LimitAttempt } from '../limits/limit-attempt.entity.js';
import { OutboxEvent } from '../outbox/outbox-event.entity.js';
import { databaseSettings } from '../scope/kit-settings.js';
import { inSpan } from '../tracing/tracer.js';
import { kitFailedWorkMigration } from './kit-failed-work.migration.js';
import { kitIdempotencyMigration } from './kit-idempotency.migration.js';
import { kitLimitsMigration } from './kit-limits.migration.js';
import { kitPeriodicTasksMigration } from './kit-periodic-tasks.migration.js';
import { kitTablesMigration } from './kit-tables.migration.js';

export interface DatabaseOptions {
  /** The PostgreSQL schema this service owns; no other service reads it. */
  schema: string;
  entities: Function[];
  migrations: Function[];
}

export function databaseUrl(): string {
  const url = databaseSettings().databaseUrl;
  if (!url) throw new Error('DATABASE_URL is not set. `npm start` sets it on embedded defaults.');
  return url;
}

/**
 * search_path pins unqualified SQL (migrations, hand-written queries) to the service's own schema,
 * so one service can never touch another's tables by accident.
 */
export function createDataSource(opts: DatabaseOptions): DataSource {
  return traceQueries(
    new DataSource({
      type: 'postgres',
      url: databaseUrl(),
      schema: opts.schema,
      applicationName: `marketplace-${opts.schema}`,
      entities: [OutboxEvent, ProcessedEvent, LimitAttempt, ...opts.entities],
      migrations: [
        kitTablesMigration(opts.schema),
        kitLimitsMigration(opts.schema),
        kitFailedWorkMigration(opts.schema),
        kitPeriodicTasksMigration(opts.schema),
        kitIdempotencyMigration(opts.schema),
        ...opts.migrations,
      ],
      migrationsTableName: 'migrations',
      migrationsTransactionMode: 'all',
      synchronize: false,
      installExtensions: false,
      logging: ['error'],
      extra: {
        options: `-c search_path=${opts.schema}`,
        max: databaseSettings().poolSize,
        connectionTimeoutMillis: 5000,
      },
    }),
  );
}

/** Each query made while handling a traced request becomes a span of that trace. */
function traceQueries(ds: DataSource): DataSource {
  const driver = ds.driver;
  const create = driver.createQueryRunner.bind(driver);
  driver.createQueryRunner = (mode) => {
    const runner = create(mode);
    const query = runner.query.bind(runner);
    runner.query = ((sql: string, parameters?: unknown[], structured?: boolean) =>
      inSpan(
        'db.query',
        {
          kind: 'client',
          onlyWithParent: true,
          attributes: { 'db.system': 'postgresql', 'db.statement': sql.slice(0, 500) },
        },
        () => query(sql, parameters, structured as true),
      )) as typeof runner.query;
    return runner;
  };
  return ds;
}

/**
 * Creates the schema and runs pending migrations under an advisory lock, so replicas starting
 * together never run the same migration twice.
 */
export async function migrate(ds: DataSource, schema: string): Promise<string[]> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [`migrate:${schema}`]);
    // CREATE SCHEMA asks for CREATE on the whole database even when the schema exists: a service's
    // own role (given its schema, nothing on the database) must be able to migrate it.
    const existing = (await runner.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])) as unknown[];
    if (existing.length === 0) await runner.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    const done = await ds.runMigrations({ transaction: 'all' });
    return done.map((m) => m.name);
  } finally {
    await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [`migrate:${schema}`]).catch(() => undefined);
    await runner.release();
  }
}

/** SQL the entities would need beyond what the migrations created: empty when they agree. */
export async function pendingSchemaChanges(ds: DataSource): Promise<string[]> {
  const sql = await ds.driver.createSchemaBuilder().log();
  return sql.upQueries.map((q) => q.query);
}
