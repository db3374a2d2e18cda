import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import { testDatabaseUrl, until } from '@marketplace/testing';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDataSource } from './data-source.factory.js';
import { isDependencyError } from './dependency-errors.js';

/** Against a real PostgreSQL: what a transaction sees when the server ends its connection mid-way. */
const schema = `dependency_spec_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let ds: DataSource;
let admin: DataSource;

beforeAll(async () => {
  process.env.DATABASE_URL = await testDatabaseUrl();
  ds = createDataSource({ schema, entities: [], migrations: [] });
  admin = createDataSource({ schema, entities: [], migrations: [] });
  await Promise.all([ds.initialize(), admin.initialize()]);
});

afterAll(async () => {
  await ds?.destroy();
  await admin?.destroy();
});

describe('a lost database connection reads as a dependency failure (503), not a bug (500)', () => {
  it('inside a transaction whose connection the server ended', async () => {
    const failure = await ds
      .transaction(async (em) => {
        const [{ pid }] = (await em.query('SELECT pg_backend_pid() AS pid')) as [{ pid: number }];
        // As a restart does: the server ends the session while the transaction is open.
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
        await until(async () => !((await admin.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])) as unknown[]).length, 5000);
        // The driver hears the connection end and releases the query runner; the next query fails.
        await new Promise((r) => setTimeout(r, 100));
        return em.query('SELECT 1').then(
          () => undefined,
          (err: unknown) => err,
        );
      })
      .catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(isDependencyError(failure), String(failure)).toBe(true);
  });

  it('a bug stays a bug', () => {
    expect(isDependencyError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyError(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
  });
});
