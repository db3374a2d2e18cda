import { MCP_USAGE_LIMITS } from '@marketplace/contracts';
import type { PeriodicTask } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { pruneUsage } from './usage.queries.js';

/**
 * Daily MCP tool-call rows older than the longest period staff can count (MCP_USAGE_LIMITS.maxDays):
 * nothing reads them any more. A periodic task of the kit, every 6 hours, each tick in one replica.
 */
@Injectable()
export class McpUsagePruner implements PeriodicTask {
  readonly name = 'admin-mcp-usage-prune';
  readonly intervalMs = 6 * 3_600_000;

  constructor(private readonly ds: DataSource) {}

  async run(): Promise<Record<string, number>> {
    return { rows: await pruneUsage(this.ds, MCP_USAGE_LIMITS.maxDays - 1) };
  }
}
