import { describe, expect, it } from 'vitest';
import { dayOrTimestampSchema, resolveDayBound } from './job-filters.schema.js';

describe('posted_after / posted_before', () => {
  it('accepts a UTC day or a zoned timestamp, nothing else', () => {
    expect(dayOrTimestampSchema.safeParse('2026-01-31').success).toBe(true);
    expect(dayOrTimestampSchema.safeParse('2026-01-31T10:00:00Z').success).toBe(true);
    expect(dayOrTimestampSchema.safeParse('2026-01-31T10:00:00+02:00').success).toBe(true);
    expect(dayOrTimestampSchema.safeParse('2026-01-31T10:00:00').success).toBe(false);
    expect(dayOrTimestampSchema.safeParse('yesterday').success).toBe(false);
  });

  it('a day as an upper bound includes the whole day', () => {
    expect(resolveDayBound('2026-01-31', 'start').toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(resolveDayBound('2026-01-31', 'end').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(resolveDayBound('2026-01-31T10:00:00Z', 'end').toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});
