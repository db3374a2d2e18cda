import { randomUUID } from 'node:crypto';

import { getMcpToolUsage, type InputOf, MCP_USAGE_LIMITS, OTHER_MODEL, recordMcpToolCalls } from '@marketplace/contracts';
import { pendingSchemaChanges } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { adminEntities, adminMigrations } from '../admin.entities.js';
import { GetMcpToolUsageHandler } from './get-mcp-tool-usage.handler.js';
import { dayBefore, utcToday } from './mcp-usage-counts.js';
import { McpUsagePruner } from './mcp-usage-pruner.js';
import { RecordMcpToolCallsHandler } from './record-mcp-tool-calls.handler.js';
import { addCounts, lockUsage, rowsPerDay, storedKeys, usageSums } from './usage.queries.js';

/**
 * Medium: recording and reading MCP tool-call counts against the admin schema as its migrations
 * build it on a real PostgreSQL. What a unit test cannot show: the upsert adding to a day's row,
 * the bound holding for batches sent at the same moment (the lock), and the pruning of old days.
 */
describe('MCP tool-call counts, against a real admin schema', () => {
  let db: ServiceSchema;
  let record: RecordMcpToolCallsHandler;
  let read: GetMcpToolUsageHandler;
  const today = utcToday();

  beforeAll(async () => {
    db = await openServiceSchema({ entities: adminEntities, migrations: adminMigrations, label: 'admin' });
    record = new RecordMcpToolCallsHandler(db.uow);
    read = new GetMcpToolUsageHandler(db.ds);
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const batch = (counts: InputOf<typeof recordMcpToolCalls>['counts']) => recordMcpToolCalls.input.parse({ counts });
  const usage = (days: number) => read.handle(getMcpToolUsage.input.parse({ days }));

  it('the migrations build what the entities describe', async () => {
    expect(await pendingSchemaChanges(db.ds)).toEqual([]);
  });

  it('adds each batch to one row per day, tool and model, and staff read the sums over the period', async () => {
    const model = `m-${randomUUID().slice(0, 8)}`;
    const yesterday = dayBefore(today, 1);
    expect(
      await record.handle(
        batch([
          { day: today, tool: 'get_job', model, calls: 2, withContext: 1 },
          { day: today, tool: 'get_job', model: null, calls: 1, withContext: 0 },
          { day: yesterday, tool: 'get_job', model, calls: 4, withContext: 0 },
        ]),
      ),
    ).toEqual({ rows: 3 });
    await record.handle(batch([{ day: today, tool: 'get_job', model, calls: 3, withContext: 3 }]));

    const rows = await db.query<{ day: string; calls: string }>(`SELECT day::text AS day, calls FROM mcp_tool_usage WHERE model = $1 ORDER BY day`, [model]);
    expect(rows).toEqual([
      { day: yesterday, calls: '4' },
      { day: today, calls: '5' },
    ]);

    const one = await usage(1);
    expect(one).toMatchObject({ since: today, until: today });
    expect(one.byToolAndModel).toContainEqual({ tool: 'get_job', model, calls: 5, callsWithContext: 4 });
    expect(one.byModel).toContainEqual({ model: null, calls: 1, callsWithContext: 0 });
    const two = await usage(2);
    expect(two.since).toBe(yesterday);
    expect(two.byModel).toContainEqual({ model, calls: 9, callsWithContext: 4 });
  });

  it('holds a day to maxRowsPerDay rows even when batches arrive together: new models past it count as (other)', async () => {
    const day = dayBefore(today, 5);
    const { maxRowsPerDay } = MCP_USAGE_LIMITS;
    const models = Array.from({ length: maxRowsPerDay + 40 }, (_, i) => `flood-${i}`);
    const chunks = [];
    for (let i = 0; i < models.length; i += MCP_USAGE_LIMITS.maxBatch) chunks.push(models.slice(i, i + MCP_USAGE_LIMITS.maxBatch));
    await Promise.all(chunks.map((chunk) => record.handle(batch(chunk.map((model) => ({ day, tool: 'list_open_jobs', model, calls: 1, withContext: 0 }))))));
    const [held] = await db.query<{ rows: number; calls: string }>(
      `SELECT count(*)::int AS rows, sum(calls)::text AS calls FROM mcp_tool_usage WHERE day = $1`,
      [day],
    );
    // The bound, plus the one (other) row of the tool; no call is lost.
    expect(held).toEqual({ rows: maxRowsPerDay + 1, calls: String(models.length) });
    const [other] = await db.query<{ calls: string }>(`SELECT calls FROM mcp_tool_usage WHERE day = $1 AND model = $2`, [day, OTHER_MODEL]);
    expect(Number(other!.calls)).toBe(40);
  });

  it('prunes the days older than the longest period staff can count', async () => {
    const kept = dayBefore(today, MCP_USAGE_LIMITS.maxDays - 1);
    const old = dayBefore(today, MCP_USAGE_LIMITS.maxDays);
    await db.query(`INSERT INTO mcp_tool_usage (day, tool, model, calls, calls_with_context) VALUES ($1, 'get_job', '', 1, 0), ($2, 'get_job', '', 1, 0)`, [
      kept,
      old,
    ]);
    expect(await new McpUsagePruner(db.ds).run()).toEqual({ rows: 1 });
    const days = await db.query<{ day: string }>(`SELECT day::text AS day FROM mcp_tool_usage WHERE day <= $1`, [kept]);
    expect(days).toEqual([{ day: kept }]);
  });

  it('reads the rows a batch finds, adds to them in one statement, and sums the period (the usage queries alone)', async () => {
    const day = dayBefore(today, 7);
    const model = `q-${randomUUID().slice(0, 8)}`;
    await db.uow.run(async (em) => {
      await lockUsage(em);
      await addCounts(em, [
        { day, tool: 'get_job', model, calls: 2, withContext: 1 },
        { day, tool: 'list_open_jobs', model: '', calls: 1, withContext: 0 },
      ]);
    });
    await addCounts(db.ds, [{ day, tool: 'get_job', model, calls: 3, withContext: 0 }]);
    expect(await rowsPerDay(db.ds, [day, dayBefore(today, 8)])).toEqual([{ day, rows: 2 }]);
    expect(
      await storedKeys(db.ds, [
        { day, tool: 'get_job', model },
        { day, tool: 'get_job', model: 'absent' },
      ]),
    ).toEqual([{ day, tool: 'get_job', model }]);
    expect(await usageSums(db.ds, day, day)).toEqual(
      expect.arrayContaining([
        { tool: 'get_job', model, calls: '5', with_context: '1' },
        { tool: 'list_open_jobs', model: '', calls: '1', with_context: '0' },
      ]),
    );
  });
});
