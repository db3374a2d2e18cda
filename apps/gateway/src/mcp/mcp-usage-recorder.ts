import { randomUUID } from 'node:crypto';

import { countedModel, type InputOf, MCP_USAGE_LIMITS, OTHER_MODEL, recordMcpToolCalls } from '@marketplace/contracts';
import { type BusClient, CountsBatch, type Logger } from '@marketplace/service-kit/edge';

import { gatewaySettings } from '../gateway.settings.js';

type ToolCallCount = InputOf<typeof recordMcpToolCalls>['counts'][number];

/**
 * Distinct day, tool and model counts held between two flushes. Past it a model new to the buffer
 * is counted under OTHER_MODEL (one key per tool), so an agent inventing model ids cannot grow
 * this process's memory; admin bounds its rows per day the same way.
 */
const MAX_KEYS = 5_000;

/**
 * How often the counts are sent (MCP_USAGE_FLUSH_MS). A timer of this process, not a periodic
 * task: the counts live in each gateway replica's memory, so every replica sends its own.
 */
export function usageFlushMs(): number {
  return gatewaySettings().mcpUsageFlushMs;
}

/**
 * Counts MCP tool calls for staff (getMcpToolUsage): per UTC day, tool and counted llm_model, with
 * how many gave context. Recording is a Map update on the call's path; the counts reach admin in
 * batches (recordMcpToolCalls, the kit's CountsBatch), so a tool call never waits on it and never
 * fails because of it.
 */
export class McpUsageRecorder extends CountsBatch<ToolCallCount> {
  constructor(
    send: (counts: ToolCallCount[]) => Promise<unknown>,
    private readonly limits: { flushMs: number; now?: () => number; maxKeys?: number; failed?: (err: unknown) => void },
  ) {
    super(send, limits);
  }

  /** A recorder sending to admin over the bus as the gateway itself (no caller). */
  static onBus(bus: BusClient, logger: Logger, flushMs = usageFlushMs()): McpUsageRecorder {
    return new McpUsageRecorder(
      async (counts) => {
        for (let i = 0; i < counts.length; i += MCP_USAGE_LIMITS.maxBatch) {
          await bus.call(recordMcpToolCalls, { counts: counts.slice(i, i + MCP_USAGE_LIMITS.maxBatch) }, { requestId: randomUUID(), caller: null });
        }
      },
      { flushMs, failed: (err) => logger.warn({ err }, 'MCP tool-call counts not recorded') },
    );
  }

  /** One tool call, with the common arguments it was given. The text of `context` goes no further. */
  record(tool: string, llmModel: string | undefined, context: string | undefined): void {
    const day = new Date((this.limits.now ?? Date.now)()).toISOString().slice(0, 10);
    let model = countedModel(llmModel);
    let key = `${day}\n${tool}\n${model ?? ''}`;
    if (!this.has(key) && model !== OTHER_MODEL && this.size >= (this.limits.maxKeys ?? MAX_KEYS)) {
      model = OTHER_MODEL;
      key = `${day}\n${tool}\n${model}`;
    }
    const count = this.entry(key, () => ({ day, tool, model, calls: 0, withContext: 0 }));
    count.calls += 1;
    if (context?.trim()) count.withContext += 1;
  }
}
