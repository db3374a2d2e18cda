import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { testDatabaseUrl } from '@marketplace/testing';
import { createDataSource } from './data-source.factory.js';
import { preparedQuery } from './prepared-query.js';

/** Against a real PostgreSQL, on a pool of one connection so its prepared statements can be read back. */
const schema = `prepared_spec_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let ds: DataSource;
let admin: DataSource;
const SQL = 'SELECT $1::int + 1 AS n, current_schema() AS schema';

beforeAll(async () => {
  process.env.DATABASE_URL = await testDatabaseUrl();
  const before = process.env.DB_POOL_SIZE;
  process.env.DB_POOL_SIZE = '1';
  ds = createDataSource({ schema, entities: [], migrations: [] });
  if (before === undefined) delete process.env.DB_POOL_SIZE; else process.env.DB_POOL_SIZE = before;
  admin = createDataSource({ schema, entities: [], migrations: [] });
  await Promise.all([ds.initialize(), admin.initialize()]);
  await admin.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
});

afterAll(async () => {
  await ds?.destroy();
  await admin?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin?.destroy();
});

const prepared = async () => (await ds.query('SELECT statement FROM pg_prepared_statements')) as Array<{ statement: string }>;

describe('preparedQuery', () => {
  it('answers as a plain query does, in the service schema, preparing the statement once per connection', async () => {
    expect(await preparedQuery(ds, SQL, [41])).toEqual(await ds.query(SQL, [41]));
    expect(await preparedQuery(ds, SQL, [1])).toEqual([{ n: 2, schema }]);
    expect((await prepared()).filter((p) => p.statement === SQL)).toHaveLength(1);
  });

  it('prepares again on the new connection after the server ended the old one', async () => {
    const [{ pid }] = (await ds.query('SELECT pg_backend_pid() AS pid')) as Array<{ pid: number }>;
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    // The pool notices the ended connection on its next use at the latest.
    let answer: unknown;
    for (let i = 0; i < 3 && !answer; i++) answer = await preparedQuery(ds, SQL, [9]).catch(() => undefined);
    expect(answer).toEqual([{ n: 10, schema }]);
    expect((await prepared()).filter((p) => p.statement === SQL)).toHaveLength(1);
  });
});
