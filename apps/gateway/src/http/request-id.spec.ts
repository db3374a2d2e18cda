import { describe, expect, it } from 'vitest';

import { requestIdFrom } from './request-id.js';

describe('requestIdFrom', () => {
  it('keeps a sane incoming id and replaces anything else', () => {
    expect(requestIdFrom('abc-12345678')).toBe('abc-12345678');
    expect(requestIdFrom(['first-id-123', 'second'])).toBe('first-id-123');
    expect(requestIdFrom('short')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('has spaces in it')).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom('x'.repeat(200))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
