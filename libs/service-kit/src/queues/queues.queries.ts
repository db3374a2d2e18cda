import { kitSql } from '../database/kit-sql.js';
import { affected, type Db, first, rows, sql } from '../database/typed-query.js';

/**
 * Takes the session-level advisory lock of `key` in the current schema without waiting. `on` must
 * be one connection's manager (a query runner's), as the lock belongs to that session.
 */
export async function tryAdvisoryLock(on: Db, key: string): Promise<boolean> {
  const row = await first(on, kitSql.selectNoFrom(sql<boolean>`pg_try_advisory_lock(hashtext(${key}), hashtext(current_schema()))`.as('ok')));
  return row?.ok === true;
}

/** Releases a lock tryAdvisoryLock took, on the same session. */
export async function advisoryUnlock(on: Db, key: string): Promise<void> {
  await rows(on, kitSql.selectNoFrom(sql<boolean>`pg_advisory_unlock(hashtext(${key}), hashtext(current_schema()))`.as('unlocked')));
}

/** Takes a periodic task's interval, or answers false when a pass started elsewhere less than `minSeconds` ago. */
export async function claimPeriodicTask(on: Db, name: string, minSeconds: number): Promise<boolean> {
  const claimed = await rows(
    on,
    kitSql
      .insertInto('periodic_tasks')
      .values({ name, last_started_at: sql<Date>`now()` })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ last_started_at: sql<Date>`now()` })
          .where((eb) =>
            eb.or([
              eb('periodic_tasks.last_started_at', 'is', null),
              eb('periodic_tasks.last_started_at', '<=', sql<Date>`now() - make_interval(secs => ${minSeconds})`),
            ]),
          ),
      )
      .returning('name'),
  );
  return claimed.length === 1;
}

/** A pass of a periodic task ended well. */
export function recordPeriodicRun(on: Db, name: string): Promise<number> {
  return affected(
    on,
    kitSql
      .updateTable('periodic_tasks')
      .set({ last_finished_at: sql<Date>`now()`, runs: sql<string>`runs + 1` })
      .where('name', '=', name),
  );
}

/** A pass of a periodic task failed with `error`. */
export function recordPeriodicFailure(on: Db, name: string, error: string): Promise<number> {
  return affected(
    on,
    kitSql
      .updateTable('periodic_tasks')
      .set({
        last_finished_at: sql<Date>`now()`,
        failures: sql<string>`failures + 1`,
        last_failed_at: sql<Date>`now()`,
        last_error: error,
      })
      .where('name', '=', name),
  );
}

/** A work item given up on; recorded again (a redelivery after a lost ack) it keeps the latest error. */
export function recordFailedWork(
  on: Db,
  item: {
    id: string;
    queue: string;
    version: number;
    payload: string;
    error: string;
    attempts: number;
    enqueuedAt: string | null;
  },
): Promise<number> {
  return affected(
    on,
    kitSql
      .insertInto('failed_work')
      .values({
        id: item.id,
        queue: item.queue,
        version: item.version,
        payload: item.payload,
        error: item.error,
        attempts: item.attempts,
        enqueued_at: item.enqueuedAt,
      })
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          error: eb.ref('excluded.error'),
          attempts: eb.ref('excluded.attempts'),
          failed_at: sql<Date>`now()`,
        })),
      ),
  );
}
