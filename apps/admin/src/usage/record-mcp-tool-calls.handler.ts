import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { recordMcpToolCalls, type InputOf, type OutputOf } from '@marketplace/contracts';
import { UnitOfWork, type OperationHandler } from '@marketplace/service-kit';
import { foldCounts, usageKey, utcToday, type StoredUsage } from './mcp-usage-counts.js';

/**
 * Adds a gateway's counts of MCP tool calls to the daily rows (gateway only). Batches from every
 * gateway replica take one lock in turn, so the bound on a day's rows (foldCounts) holds exactly
 * however many arrive together; each batch is one upsert, a few times a minute per gateway.
 */
@Injectable()
export class RecordMcpToolCallsHandler implements OperationHandler<typeof recordMcpToolCalls> {
  readonly operation = recordMcpToolCalls;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof recordMcpToolCalls>): Promise<OutputOf<typeof recordMcpToolCalls>> {
    return this.uow.run(async (em) => {
      await em.query(`SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.mcp_tool_usage'))`);
      const counts = foldCounts(input.counts, await stored(em, input.counts), utcToday());
      if (!counts.length) return { rows: 0 };
      await em.query(
        `INSERT INTO mcp_tool_usage (day, tool, model, calls, calls_with_context)
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::bigint[], $5::bigint[])
         ON CONFLICT (day, tool, model) DO UPDATE SET
           calls = mcp_tool_usage.calls + excluded.calls,
           calls_with_context = mcp_tool_usage.calls_with_context + excluded.calls_with_context`,
        [
          counts.map((c) => c.day), counts.map((c) => c.tool), counts.map((c) => c.model ?? ''),
          counts.map((c) => c.calls), counts.map((c) => c.withContext),
        ],
      );
      return { rows: counts.length };
    });
  }
}

/** Which of the batch's keys have a row already, and how many rows its days hold. */
async function stored(em: EntityManager, counts: InputOf<typeof recordMcpToolCalls>['counts']): Promise<StoredUsage> {
  const days = [...new Set(counts.map((c) => c.day))];
  const perDay = await em.query(
    `SELECT day::text AS day, count(*)::int AS rows FROM mcp_tool_usage WHERE day = ANY($1::date[]) GROUP BY day`, [days],
  ) as { day: string; rows: number }[];
  const found = await em.query(
    `SELECT u.day::text AS day, u.tool, u.model FROM mcp_tool_usage u
     JOIN unnest($1::date[], $2::text[], $3::text[]) AS k(day, tool, model) USING (day, tool, model)`,
    [counts.map((c) => c.day), counts.map((c) => c.tool), counts.map((c) => c.model ?? '')],
  ) as { day: string; tool: string; model: string }[];
  return {
    keys: new Set(found.map((r) => usageKey({ day: r.day, tool: r.tool, model: r.model || null }))),
    rowsPerDay: new Map(perDay.map((r) => [r.day, r.rows])),
  };
}
