import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * MCP tool calls counted by UTC day, tool and model: one row per key, added to by upsert, so the
 * table grows with days and tools rather than with calls (McpToolUsageEntity). The key's leading
 * day serves both the staff period query and the pruning of old days.
 */
export class McpToolUsage1796542140896 implements MigrationInterface {
  name = 'McpToolUsage1796542140896';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "mcp_tool_usage" ("day" date NOT NULL, "tool" text NOT NULL, "model" text NOT NULL, "calls" bigint NOT NULL, "calls_with_context" bigint NOT NULL, CONSTRAINT "PK_mcp_tool_usage" PRIMARY KEY ("day", "tool", "model"))`,
    );
  }

  async down(): Promise<void> {
    throw new Error('McpToolUsage1796542140896 is not reversible; restore from backup.');
  }
}
