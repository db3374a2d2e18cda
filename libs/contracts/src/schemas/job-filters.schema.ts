import { z } from 'zod';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** YYYY-MM-DD (UTC day) or an ISO 8601 timestamp with a zone. */
export const dayOrTimestampSchema = z
  .string()
  .refine((s) => (DAY.test(s) || TIMESTAMP.test(s)) && !Number.isNaN(Date.parse(s)), {
    message: 'Use YYYY-MM-DD or an ISO 8601 timestamp with a time zone.',
  });

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
