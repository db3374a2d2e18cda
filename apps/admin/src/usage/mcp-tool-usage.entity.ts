import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * MCP tool calls of one UTC day, tool and model, added to as the gateways' counts arrive: one row
 * per key rather than one per call, so the table grows with the days and the catalogue, never
 * with traffic. No member id and no context text are kept. Rows older than
 * MCP_USAGE_LIMITS.maxDays are pruned (McpUsagePruner).
 */
@Entity({ name: 'mcp_tool_usage' })
export class McpToolUsageEntity {
  @PrimaryColumn('date')
  day!: string;

  @PrimaryColumn('text')
  tool!: string;

  /** The counted llm_model; '' when none was given (a key column cannot be null). */
  @PrimaryColumn('text')
  model!: string;

  @Column('bigint')
  calls!: string;

  @Column('bigint', { name: 'calls_with_context' })
  callsWithContext!: string;
}
