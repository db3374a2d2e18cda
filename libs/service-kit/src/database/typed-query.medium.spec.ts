import 'reflect-metadata';

import { randomUUID } from 'node:crypto';

import { testDatabaseUrl } from '@marketplace/testing';
import { type DataSource, QueryFailedError } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createDataSource, migrate } from './data-source.factory.js';
import { kitSql } from './kit-sql.js';
import { advisoryXactLock, advisoryXactLocks, affected, type Db, first, preparedRows, rows, sql, typedSql } from './typed-query.js';

/** The typed statements against the kit's migrated tables, on the pool and inside a transaction. */
const schema = `typed_spec_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
let ds: DataSource;

beforeAll(async () => {
  process.env.DATABASE_URL = await testDatabaseUrl();
  ds = createDataSource({ schema, entities: [], migrations: [] });
  ds.setOptions({ logging: false });
  await ds.initialize();
  await migrate(ds, schema);
}, 60_000);

afterAll(async () => {
  await ds?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await ds?.destroy();
});

const insert = (eventId: string, consumer: string) =>
  kitSql
    .insertInto('processed_events')
    .values({ event_id: eventId, consumer })
    .onConflict((c) => c.doNothing());

describe('typed statements', () => {
  it('return typed rows, the first row and the count touched, on the pool', async () => {
    const id = randomUUID();
    expect(await affected(ds, insert(id, 'a'))).toBe(1);
    expect(await affected(ds, insert(id, 'a'))).toBe(0);
    await affected(ds, insert(id, 'b'));
    const found = await rows(ds, kitSql.selectFrom('processed_events').select(['consumer', 'processed_at']).where('event_id', '=', id).orderBy('consumer'));
    expect(found.map((r) => r.consumer)).toEqual(['a', 'b']);
    expect(found[0]!.processed_at).toBeInstanceOf(Date);
    expect(await first(ds, kitSql.selectFrom('processed_events').select('consumer').where('event_id', '=', randomUUID()))).toBeUndefined();
    const removed = await rows(ds, kitSql.deleteFrom('processed_events').where('event_id', '=', id).where('consumer', '=', 'b').returning('consumer'));
    expect(removed).toEqual([{ consumer: 'b' }]);
    expect(await affected(ds, kitSql.deleteFrom('processed_events').where('event_id', '=', id))).toBe(1);
  });

  it('run on the transaction they are given, so a rollback takes them back', async () => {
    const id = randomUUID();
    await expect(
      ds.transaction(async (em) => {
        await affected(em, insert(id, 'in-tx'));
        expect(await first(em, kitSql.selectFrom('processed_events').select('consumer').where('event_id', '=', id))).toEqual({ consumer: 'in-tx' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rows(ds, kitSql.selectFrom('processed_events').selectAll().where('event_id', '=', id))).toEqual([]);
  });

  it('run a hot read as a prepared statement with the same answer', async () => {
    const q = kitSql.selectNoFrom(sql<string>`current_schema()`.as('schema'));
    expect(await preparedRows(ds, q)).toEqual([{ schema }]);
    expect(await rows(ds, q)).toEqual([{ schema }]);
  });

  it('take an advisory lock on a key or a pair for the transaction, released at its end', async () => {
    const key = `spec-${randomUUID()}`;
    const tryLock = async (...keys: string[]) =>
      ((await ds.query(`SELECT pg_try_advisory_xact_lock(${keys.map((_, i) => `hashtext($${i + 1})`).join(', ')}) AS got`, keys)) as { got: boolean }[])[0]!
        .got;
    await ds.transaction(async (em) => {
      await advisoryXactLock(em, key);
      await advisoryXactLock(em, 'kind', key);
      expect(await tryLock(key)).toBe(false);
      expect(await tryLock('kind', key)).toBe(false);
      expect(await tryLock('other', key)).toBe(true);
    });
    expect(await tryLock(key)).toBe(true);
  });

  it('take several locks in one statement: the exclusive keys alone, the shared ones with other sharers', async () => {
    const [alone, shared1, shared2] = [`spec-${randomUUID()}`, `spec-${randomUUID()}`, `spec-${randomUUID()}`];
    const tryOn = async (fn: string, key: string) => ((await ds.query(`SELECT ${fn}(hashtext($1)) AS got`, [key])) as { got: boolean }[])[0]!.got;
    await ds.transaction(async (em) => {
      await advisoryXactLocks(em, { exclusive: [alone], shared: [shared1, shared2] });
      expect(await tryOn('pg_try_advisory_xact_lock_shared', alone)).toBe(false);
      for (const key of [shared1, shared2]) {
        expect(await tryOn('pg_try_advisory_xact_lock', key)).toBe(false);
        expect(await tryOn('pg_try_advisory_xact_lock_shared', key)).toBe(true);
      }
      // Another shape of the same function is its own statement: one shared key, none alone.
      await advisoryXactLocks(em, { exclusive: [], shared: [shared2] });
    });
    for (const key of [alone, shared1, shared2]) expect(await tryOn('pg_try_advisory_xact_lock', key)).toBe(true);
  });

  it('are prepared once per connection, on the pool and in a transaction', async () => {
    const q = kitSql.selectFrom('processed_events').select('consumer').where('consumer', '=', 'prepared-spec').limit(1);
    const text = q.compile().sql;
    const preparedOn = async (db: Db) =>
      (await rows(db, kitSql.selectFrom(sql<{ statement: string }>`pg_prepared_statements`.as('p')).select('p.statement'))).filter((p) => p.statement === text)
        .length;
    await ds.transaction(async (em) => {
      await rows(em, q);
      await rows(em, q);
      expect(await preparedOn(em)).toBe(1);
    });
    // Every connection the pool lends prepares it at most once.
    for (let i = 0; i < 5; i++) await rows(ds, q);
    const [{ n }] = (await ds.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = 'marketplace-${schema}' AND backend_type = 'client backend'`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    expect(await preparedOn(ds)).toBeLessThanOrEqual(1);
  });

  it('fail as QueryFailedError with the database error code, on the pool and in a transaction', async () => {
    const id = randomUUID();
    await affected(ds, kitSql.insertInto('processed_events').values({ event_id: id, consumer: 'dup' }));
    const again = () => kitSql.insertInto('processed_events').values({ event_id: id, consumer: 'dup' });
    const onPool = await affected(ds, again()).catch((err: unknown) => err);
    expect(onPool).toBeInstanceOf(QueryFailedError);
    expect((onPool as QueryFailedError & { code?: string }).code).toBe('23505');
    const inTx = await ds.transaction((em) => affected(em, again())).catch((err: unknown) => err);
    expect((inTx as QueryFailedError).driverError).toMatchObject({ code: '23505' });
  });

  it('read a table a migration changed under their prepared plans: at once on the pool, on the next transaction inside one', async () => {
    await ds.query(`CREATE TABLE "${schema}".spec_notes (id int PRIMARY KEY)`);
    await ds.query(`INSERT INTO "${schema}".spec_notes VALUES (1)`);
    const builder = typedSql<{ spec_notes: { id: number; note?: string } }>();
    const q = builder.selectFrom('spec_notes').selectAll().where('id', '=', 1);
    expect(await rows(ds, q)).toEqual([{ id: 1 }]);
    await ds.transaction((em) => rows(em, q));
    // Another replica's migration: every connection that prepared `select *` now holds a stale plan.
    await ds.query(`ALTER TABLE "${schema}".spec_notes ADD COLUMN note text NOT NULL DEFAULT 'added'`);
    expect(await rows(ds, q)).toEqual([{ id: 1, note: 'added' }]);
    // Each connection prepares the renamed statement afresh, so none answers with the old plan.
    for (let i = 0; i < 5; i++) expect(await rows(ds, q)).toEqual([{ id: 1, note: 'added' }]);
    expect(await ds.transaction((em) => rows(em, q))).toEqual([{ id: 1, note: 'added' }]);
  });
});
