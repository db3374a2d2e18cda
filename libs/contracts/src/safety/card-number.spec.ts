import { describe, expect, it } from 'vitest';
import { holdsCardNumber } from './card-number.js';

describe('holdsCardNumber', () => {
  it('finds Luhn-valid card numbers, together or in groups', () => {
    expect(holdsCardNumber('my card 4111111111111111 was charged')).toBe(true);
    expect(holdsCardNumber('4111 1111 1111 1111')).toBe(true);
    expect(holdsCardNumber('4111-1111-1111-1111')).toBe(true);
    expect(holdsCardNumber('amex 3782 822463 10005')).toBe(true);
    expect(holdsCardNumber('order 12345 4111 1111 1111 1111')).toBe(true);
    expect(holdsCardNumber('4222222222222')).toBe(true); // 13 digits
  });

  it('leaves other numbers alone', () => {
    expect(holdsCardNumber('4111111111111112')).toBe(false); // fails Luhn
    expect(holdsCardNumber('job 123456789012')).toBe(false); // 12 digits
    expect(holdsCardNumber('00000000000000000')).toBe(false);
    expect(holdsCardNumber('call 555-0100 on 2025-01-02')).toBe(false);
    expect(holdsCardNumber('id 00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(holdsCardNumber('12345678901234567890123')).toBe(false); // one run longer than 19
    expect(holdsCardNumber('')).toBe(false);
  });
});
