import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import { testDatabaseUrl } from '@marketplace/testing';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDataSource } from './data-source.factory.js';
import { PREPARED_STATEMENTS_MAX, preparedQuery } from './prepared-query.js';

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
  if (before === undefined) delete process.env.DB_POOL_SIZE;
  else process.env.DB_POOL_SIZE = before;
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
    const [{ pid }] = (await ds.query('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    // The pool notices the ended connection on its next use at the latest.
    let answer: unknown;
    for (let i = 0; i < 3 && !answer; i++) answer = await preparedQuery(ds, SQL, [9]).catch(() => undefined);
    expect(answer).toEqual([{ n: 10, schema }]);
    expect((await prepared()).filter((p) => p.statement === SQL)).toHaveLength(1);
  });

  it('runs a statement unprepared when asked', async () => {
    const text = 'SELECT $1::int * 3 AS n';
    expect(await preparedQuery(ds, text, [5], { prepare: false })).toEqual([{ n: 15 }]);
    expect((await prepared()).filter((p) => p.statement === text)).toHaveLength(0);
  });

  it('prepares at most PREPARED_STATEMENTS_MAX texts per process and runs the others unprepared', async () => {
    // Texts that differ only in a constant, as a caller writing a value into its text would make.
    const texts = Array.from({ length: PREPARED_STATEMENTS_MAX + 5 }, (_, i) => `SELECT $1::int + ${i} AS n`);
    for (const [i, text] of texts.entries()) expect(await preparedQuery(ds, text, [1])).toEqual([{ n: 1 + i }]);
    const statements = new Set((await prepared()).map((p) => p.statement));
    expect(statements.size).toBe(PREPARED_STATEMENTS_MAX);
    expect(statements.has(SQL)).toBe(true);
    // The first statement of this file took one place; the last texts found none.
    expect(texts.filter((t) => statements.has(t))).toHaveLength(PREPARED_STATEMENTS_MAX - 1);
    for (const text of texts.slice(-6)) expect(statements.has(text)).toBe(false);
    // A text prepared before the limit was reached stays prepared.
    expect(await preparedQuery(ds, SQL, [2])).toEqual([{ n: 3, schema }]);
  });
});
