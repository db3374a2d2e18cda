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
    expect(holdsCardNumber('6011 0000 0000 0000 001')).toBe(true); // 19 digits, 4-4-4-4-3
    expect(holdsCardNumber('diners 3056 930902 5904')).toBe(true);
  });

  it('leaves other numbers alone', () => {
    expect(holdsCardNumber('4111111111111112')).toBe(false); // fails Luhn
    expect(holdsCardNumber('job 123456789012')).toBe(false); // 12 digits
    expect(holdsCardNumber('00000000000000000')).toBe(false);
    expect(holdsCardNumber('call 555-0100 on 2025-01-02')).toBe(false);
    expect(holdsCardNumber('id 00000000-0000-4000-8000-000000000000')).toBe(false);
    // A UUID whose digits 1234567-5921-4121 pass the Luhn check: not printed like a card.
    expect(holdsCardNumber('ref c1234567-5921-4121-8812-a0b1c2d3e4f5')).toBe(false);
    expect(holdsCardNumber('ref 123456759214121')).toBe(true); // the same digits written together could be one
    expect(holdsCardNumber('12345678901234567890123')).toBe(false); // one run longer than 19
    expect(holdsCardNumber('')).toBe(false);
  });
});
