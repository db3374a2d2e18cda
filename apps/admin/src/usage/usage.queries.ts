import { affected, type Db, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** One count to add: the day (YYYY-MM-DD), tool and model ('' for none) of a daily row. */
export interface UsageCount {
  day: string;
  tool: string;
  model: string;
  calls: number;
  withContext: number;
}

/**
 * Batches from every gateway replica take this lock in turn (until the transaction ends), so the
 * bound on a day's rows holds however many arrive together.
 */
export async function lockUsage(on: Db): Promise<void> {
  await rows(on, db.selectNoFrom(sql<void>`pg_advisory_xact_lock(hashtext(current_schema() || '.mcp_tool_usage'))`.as('locked')));
}

/** How many rows each of the days holds (days with none are left out). */
export function rowsPerDay(on: Db, days: string[]): Promise<{ day: string; rows: number }[]> {
  return rows(
    on,
    db
      .selectFrom('mcp_tool_usage')
      .select([sql<string>`day::text`.as('day'), sql<number>`count(*)::int`.as('rows')])
      .where(sql<boolean>`day = any(${days}::date[])`)
      .groupBy('day'),
  );
}

/** Which of the keys (day, tool, model) have a row already. */
export function storedKeys(on: Db, keys: Pick<UsageCount, 'day' | 'tool' | 'model'>[]): Promise<{ day: string; tool: string; model: string }[]> {
  const k = sql<{
    day: string;
    tool: string;
    model: string;
  }>`unnest(${keys.map((c) => c.day)}::date[], ${keys.map((c) => c.tool)}::text[], ${keys.map((c) => c.model)}::text[])`.as<'k'>(sql`k(day, tool, model)`);
  return rows(
    on,
    db
      .selectFrom('mcp_tool_usage as u')
      .innerJoin(k, (join) => join.on(sql<boolean>`(u.day, u.tool, u.model) = (k.day, k.tool, k.model)`))
      .select([sql<string>`u.day::text`.as('day'), 'u.tool', 'u.model']),
  );
}

/** Adds the counts to their daily rows, writing the rows that are new, in one statement. */
export async function addCounts(on: Db, counts: UsageCount[]): Promise<void> {
  const batch = sql<{ day: string; tool: string; model: string; calls: number; calls_with_context: number }>`unnest(
    ${counts.map((c) => c.day)}::date[], ${counts.map((c) => c.tool)}::text[], ${counts.map((c) => c.model)}::text[],
    ${counts.map((c) => c.calls)}::bigint[], ${counts.map((c) => c.withContext)}::bigint[])`.as<'b'>(sql`b(day, tool, model, calls, calls_with_context)`);
  await rows(
    on,
    db
      .insertInto('mcp_tool_usage')
      .columns(['day', 'tool', 'model', 'calls', 'calls_with_context'])
      .expression(db.selectFrom(batch).selectAll())
      .onConflict((oc) =>
        oc.columns(['day', 'tool', 'model']).doUpdateSet((eb) => ({
          calls: eb('mcp_tool_usage.calls', '+', eb.ref('excluded.calls')),
          calls_with_context: eb('mcp_tool_usage.calls_with_context', '+', eb.ref('excluded.calls_with_context')),
        })),
      ),
  );
}

/** Each tool and model's sums over the days from `since` to `until` (YYYY-MM-DD, both included), as text (bigint sums). */
export function usageSums(on: Db, since: string, until: string): Promise<{ tool: string; model: string; calls: string; with_context: string }[]> {
  return rows(
    on,
    db
      .selectFrom('mcp_tool_usage')
      .select(['tool', 'model', sql<string>`sum(calls)::text`.as('calls'), sql<string>`sum(calls_with_context)::text`.as('with_context')])
      .where(sql<boolean>`day BETWEEN ${since}::date AND ${until}::date`)
      .groupBy(['tool', 'model']),
  );
}

/** Deletes the daily rows more than `keepDays` days before today (UTC); returns how many. */
export function pruneUsage(on: Db, keepDays: number): Promise<number> {
  return affected(on, db.deleteFrom('mcp_tool_usage').where('day', '<', sql<Date>`(now() AT TIME ZONE 'UTC')::date - ${keepDays}::int`));
}
