import { type InputOf, type OutputOf, recordMcpToolCalls } from '@marketplace/contracts';
import { type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { foldCounts, type StoredUsage, usageKey, utcToday } from './mcp-usage-counts.js';
import { addCounts, lockUsage, rowsPerDay, storedKeys } from './usage.queries.js';

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
      await lockUsage(em);
      const counts = foldCounts(input.counts, await stored(em, input.counts), utcToday());
      if (!counts.length) return { rows: 0 };
      await addCounts(
        em,
        counts.map((c) => ({ ...c, model: c.model ?? '' })),
      );
      return { rows: counts.length };
    });
  }
}

/** Which of the batch's keys have a row already, and how many rows its days hold. */
async function stored(em: EntityManager, counts: InputOf<typeof recordMcpToolCalls>['counts']): Promise<StoredUsage> {
  const days = [...new Set(counts.map((c) => c.day))];
  const perDay = await rowsPerDay(em, days);
  const found = await storedKeys(
    em,
    counts.map((c) => ({ day: c.day, tool: c.tool, model: c.model ?? '' })),
  );
  return {
    keys: new Set(found.map((r) => usageKey({ day: r.day, tool: r.tool, model: r.model || null }))),
    rowsPerDay: new Map(perDay.map((r) => [r.day, r.rows])),
  };
}
