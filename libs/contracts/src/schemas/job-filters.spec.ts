import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { dayOrTimestampSchema, resolveDayBound } from './job-filters.schema.js';

describe('posted_after / posted_before', () => {
  it('accepts a UTC day or a zoned timestamp, nothing else', () => {
    expect(dayOrTimestampSchema.safeParse('2026-01-31').success).toBe(true);
    expect(dayOrTimestampSchema.safeParse('2026-01-31T10:00:00Z').success).toBe(true);
    expect(dayOrTimestampSchema.safeParse('2026-01-31T10:00:00+02:00').success).toBe(true);
    expect(dayOrTimestampSchema.safeParse('2026-01-31T10:00:00').success).toBe(false);
    expect(dayOrTimestampSchema.safeParse('yesterday').success).toBe(false);
  });

  it('carries its rule as a pattern, so a client generating from the document sends only what is accepted', () => {
    const json = z.toJSONSchema(dayOrTimestampSchema) as { pattern?: string };
    const pattern = new RegExp(json.pattern!);
    for (const good of ['2026-01-31', '2026-01-15T09:30Z', '2026-01-15T09:30:00.123456789-05:00', '2026-01-15T09:30+0100']) {
      expect(pattern.test(good), good).toBe(true);
      expect(dayOrTimestampSchema.safeParse(good).success, good).toBe(true);
    }
    for (const bad of ['2026-13-01', '2026-01-32', '2026-01-15T24:00Z', '2026-01-15T10:60Z', '2026-01-15T10:00+24:00']) {
      expect(pattern.test(bad), bad).toBe(false);
      expect(dayOrTimestampSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('a day as an upper bound includes the whole day', () => {
    expect(resolveDayBound('2026-01-31', 'start').toISOString()).toBe('2026-01-31T00:00:00.000Z');
    expect(resolveDayBound('2026-01-31', 'end').toISOString()).toBe('2026-02-01T00:00:00.000Z');
    expect(resolveDayBound('2026-01-31T10:00:00Z', 'end').toISOString()).toBe('2026-01-31T10:00:00.000Z');
  });
});
