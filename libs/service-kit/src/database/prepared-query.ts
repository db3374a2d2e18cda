import { createHash } from 'node:crypto';

import type { ClientBase, Pool, QueryResult } from 'pg';
import { type DataSource, QueryFailedError } from 'typeorm';

import { inSpan } from '../tracing/tracer.js';

/**
 * How many distinct statement texts one process prepares. Every connection of the pool keeps each
 * one it ran (a plan in PostgreSQL, a name in the driver) until the connection ends, so texts that
 * vary with their input (an `in` list's length, a filter's shape) must not grow that without
 * bound: past this many texts a new one runs unprepared, as a plain query. A service's whole
 * catalogue of statements is a few hundred texts; the one-process host holds every service's.
 */
export const PREPARED_STATEMENTS_MAX = 2000;

/**
 * Runs a hot statement as a named prepared statement on the service's own pool, so PostgreSQL
 * parses and plans it once per connection rather than on every call. Planning was most of the
 * database's time for the sign-in check every API and MCP request makes (about 0.9 ms of the
 * 1.2 ms it spent per request) and for the board's page (0.31 of 0.42 ms). Values that vary from
 * call to call must be bound, not written into the text; a caller building texts from its input
 * prepares only its common shapes (`prepare: false` runs the others on the same pool, unprepared).
 * Not for statements inside a transaction (`runStatement` on the transaction's connection).
 */
export async function preparedQuery<R>(ds: DataSource, text: string, values: unknown[], opts: { prepare?: boolean } = {}): Promise<R[]> {
  const pool = poolOf(ds);
  if (!pool) return ds.query(text, values) as Promise<R[]>;
  return (await runStatement(pool, text, values, opts)).rows as R[];
}

/** The service's pg pool behind TypeORM, when the driver is PostgreSQL's. */
export function poolOf(ds: DataSource): Pool | undefined {
  return (ds.driver as unknown as { master?: Pool }).master;
}

/**
 * One statement on the pool or on a transaction's connection, prepared by name unless asked not
 * to (or past PREPARED_STATEMENTS_MAX texts). The statement is a span of the request's trace, and a
 * failure is TypeORM's QueryFailedError, as the callers' checks (`23505`) expect.
 *
 * After a migration changes a table a prepared `select *` reads, PostgreSQL refuses the old plan
 * ("cached plan must not change result type") on every connection that prepared it. The text then
 * gets a new name in this process, so each connection prepares it afresh; on the pool the statement
 * is retried at once, in a transaction (already aborted by the error) the caller's retry finds it.
 */
export async function runStatement(on: Pool | ClientBase, text: string, values: unknown[], opts: { prepare?: boolean } = {}): Promise<QueryResult> {
  return inSpan(
    'db.query',
    { kind: 'client', onlyWithParent: true, attributes: { 'db.system': 'postgresql', 'db.statement': text.slice(0, 500) } },
    async () => {
      const name = opts.prepare === false ? undefined : nameOf(text);
      try {
        return await on.query(name ? { name, text, values } : { text, values });
      } catch (err) {
        if (name && isStalePlan(err)) {
          renameStatement(text);
          if (!isClient(on)) return on.query({ name: nameOf(text), text, values }).catch((again: unknown) => fail(text, values, again));
        }
        return fail(text, values, err);
      }
    },
  );
}

function fail(text: string, values: unknown[], err: unknown): never {
  throw new QueryFailedError(text, values, err as Error);
}

function isClient(on: Pool | ClientBase): on is ClientBase {
  // A pool has counts of its connections; a client (a transaction's connection) has none.
  return !('totalCount' in on);
}

function isStalePlan(err: unknown): boolean {
  return (err as { code?: string }).code === '0A000' && /cached plan must not change result type/.test((err as Error).message ?? '');
}

const names = new Map<string, string>();
/** Texts renamed after a stale plan, with how many times: the next name differs from every earlier one. */
const generations = new Map<string, number>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (!name && names.size < PREPARED_STATEMENTS_MAX) {
    const generation = generations.get(text) ?? 0;
    names.set(text, (name = `q_${createHash('sha256').update(`${generation}:${text}`).digest('hex').slice(0, 24)}`));
  }
  return name;
}

function renameStatement(text: string): void {
  generations.set(text, (generations.get(text) ?? 0) + 1);
  names.delete(text);
}
