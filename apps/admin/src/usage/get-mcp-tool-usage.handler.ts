import { getMcpToolUsage, type InputOf, MCP_USAGE_LIMITS, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { dayBefore, summarizeUsage, type UsageRow, utcToday } from './mcp-usage-counts.js';
import { usageSums } from './usage.queries.js';

/**
 * MCP tool calls over the last `days` UTC days, today included, for staff (access `staff` is
 * checked by the kit before this runs). Sums of the daily rows: there is nothing per member to show.
 */
@Injectable()
export class GetMcpToolUsageHandler implements OperationHandler<typeof getMcpToolUsage> {
  readonly operation = getMcpToolUsage;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof getMcpToolUsage>): Promise<OutputOf<typeof getMcpToolUsage>> {
    const until = utcToday();
    const since = dayBefore(until, (input.days ?? MCP_USAGE_LIMITS.defaultDays) - 1);
    const rows = await usageSums(this.ds, since, until);
    const usage: UsageRow[] = rows.map((r) => ({ tool: r.tool, model: r.model, calls: Number(r.calls), withContext: Number(r.with_context) }));
    return { since, until, ...summarizeUsage(usage) };
  }
}
