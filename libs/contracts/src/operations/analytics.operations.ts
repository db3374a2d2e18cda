import { z } from 'zod';

import { defineOperation } from '../operation.js';

/**
 * Product analytics settings a browser needs to send events (contract: "Health and meta"). Only
 * public values: a project token meant for browsers, never a secret. Null unless
 * ANALYTICS_PROJECT_TOKEN and ANALYTICS_HOST are both set.
 */
export const getAnalyticsConfig = defineOperation({
  name: 'getAnalyticsConfig',
  service: 'identity',
  summary: 'Public analytics settings, or null when analytics is disabled',
  access: 'public',
  input: z.object({}),
  output: z
    .object({
      projectToken: z.string().describe('Public project token (ANALYTICS_PROJECT_TOKEN)'),
      host: z.string().describe('Ingestion host (ANALYTICS_HOST)'),
      environment: z.string().describe('ANALYTICS_ENVIRONMENT, else NODE_ENV, else development'),
      serverHostname: z.string().describe('Host name of the server that answered'),
    })
    .nullable(),
  rest: { method: 'GET', path: '/api/analytics/config', status: 200 },
});

/**
 * Counting MCP tool calls (contract: "MCP conventions": every tool takes `context` and
 * `llm_model`, for analytics only). The gateway counts its calls in memory by UTC day, tool and
 * model and sends the counts to admin in batches, off the call's path; admin adds them to one row
 * per day, tool and model. Neither member ids nor the context text are sent or kept: only whether
 * a call gave context (docs/members-and-agents.md, "Counting tool calls").
 */
export const MCP_USAGE_LIMITS = {
  /** Counts one recordMcpToolCalls request carries; a gateway with more sends several. */
  maxBatch: 500,
  /**
   * Distinct tool and model rows kept for one day. Past it a model new to the day is counted under
   * OTHER_MODEL, so an agent inventing model ids cannot grow the table beyond this bound.
   */
  maxRowsPerDay: 1000,
  /** The longest period staff may count, and how long the daily rows are kept. */
  maxDays: 90,
  defaultDays: 7,
  /** Rows of byToolAndModel and byModel in one answer, most calls first. */
  maxAnswerRows: 200,
} as const;

/**
 * What a model id looks like ("claude-sonnet-4-5", "openai/gpt-4o:free", "llama3.1:8b"): one token
 * of at most 120 characters, never a sentence. Anything else is counted under OTHER_MODEL, so staff
 * never read text an agent made up.
 */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][\w.:/@+-]{0,119}$/;
/** Where calls are counted whose llm_model is not a model id, or that came past a day's bound. */
export const OTHER_MODEL = '(other)';

/** The model a call is counted under: null when llm_model was not given. */
export function countedModel(llmModel: string | undefined): string | null {
  const given = llmModel?.trim();
  if (!given) return null;
  return MODEL_ID_PATTERN.test(given) ? given : OTHER_MODEL;
}

/** A UTC day as YYYY-MM-DD. */
export const utcDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A UTC day, YYYY-MM-DD.');

export const mcpToolCallCountSchema = z
  .object({
    day: utcDaySchema.describe('The UTC day the calls were made'),
    tool: z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, 'A tool name.'),
    model: z
      .string()
      .refine((m) => m === OTHER_MODEL || MODEL_ID_PATTERN.test(m), 'A model id, or (other).')
      .nullable()
      .describe("countedModel of the calls' llm_model; null when none was given"),
    calls: z.number().int().min(1),
    withContext: z.number().int().min(0).describe('Of those, calls that gave context'),
  })
  .refine((c) => c.withContext <= c.calls, { message: 'withContext cannot exceed calls.', path: ['withContext'] });

/** The gateway's counts of MCP tool calls, added to admin's daily rows (fire and forget: see the gateway's McpUsageRecorder). */
export const recordMcpToolCalls = defineOperation({
  name: 'recordMcpToolCalls',
  service: 'admin',
  summary: 'Add counts of MCP tool calls by day, tool and model (gateway only)',
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ counts: z.array(mcpToolCallCountSchema).min(1).max(MCP_USAGE_LIMITS.maxBatch) }),
  output: z.object({ rows: z.number().int().min(0).describe('Daily rows written or added to') }),
});

export const analyticsOperations = [getAnalyticsConfig, recordMcpToolCalls] as const;
