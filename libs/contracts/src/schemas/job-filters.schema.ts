import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * YYYY-MM-DD, or that day with a time (seconds and up to nine decimals optional) and a zone (Z or
 * an offset, its colon optional), every field within its range: what the document shows, and what
 * Date.parse reads without fail, so the pattern alone is the rule.
 */
const DAY_OR_TIMESTAMP = new RegExp(
  '^\\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])' +
    '(?:T(?:[01]\\d|2[0-3]):[0-5]\\d(?::[0-5]\\d(?:\\.\\d{1,9})?)?(?:Z|[+-](?:[01]\\d|2[0-3]):?[0-5]\\d))?$',
);

const DAY_OR_TIMESTAMP_MESSAGE = 'Use YYYY-MM-DD or an ISO 8601 timestamp with a time zone.';

/** YYYY-MM-DD (UTC day) or an ISO 8601 timestamp with a zone. */
export const dayOrTimestampSchema = z
  .string()
  .regex(DAY_OR_TIMESTAMP, DAY_OR_TIMESTAMP_MESSAGE)
  // Belt and braces: a day the calendar lacks (February 30) still parses, and is read as the next.
  .refine((s) => !Number.isNaN(Date.parse(s)), { message: DAY_OR_TIMESTAMP_MESSAGE })
  .describe('YYYY-MM-DD (a UTC day) or an ISO 8601 date-time with a zone');

/**
 * Lower bound: a day means from its start (UTC); upper bound: a day means through its end,
 * so `posted_before=2026-01-31` includes the whole of January 31.
 */
export function resolveDayBound(value: string, edge: 'start' | 'end'): Date {
  if (DAY.test(value)) {
    const start = new Date(`${value}T00:00:00.000Z`);
    return edge === 'start' ? start : new Date(start.getTime() + 86_400_000);
  }
  return new Date(value);
}
