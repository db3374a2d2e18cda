import { describe, expect, it } from 'vitest';

import { cardNetworkOf, holdsCardNumber, isCardNumber } from './card-number.js';
import { findExposures } from './exposure-scan.js';

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

  // The networks' own published test numbers (Stripe, Adyen, PayPal test card lists).
  const TEST_CARDS: Record<string, string[]> = {
    Visa: ['4111111111111111', '4012888888881881', '4222222222222', '4000 0566 5566 5556'],
    Mastercard: ['5555555555554444', '5105 1051 0510 5100', '2223003122003222'],
    'American Express': ['378282246310005', '3714 496353 98431'],
    Discover: ['6011111111111117', '6011 0009 9013 9424'],
    'Diners Club': ['30569309025904', '36227206271667', '3056 930902 5904'],
    JCB: ['3566002020360505', '3530111333300000'],
    UnionPay: ['6200000000000005', '6205500000000000004'],
    Maestro: ['6759649826438453', '5018000000000009'],
    Mir: ['2200000000000004'],
    UATP: ['135400000000000'],
    Troy: ['9792000000000003'],
  };

  it('knows every network by its prefix and length, and finds its test numbers', () => {
    for (const [network, numbers] of Object.entries(TEST_CARDS)) {
      for (const number of numbers) {
        const digits = number.replace(/\D/g, '');
        expect(cardNetworkOf(digits), number).toBe(network === 'Maestro' && digits.startsWith('6759') ? 'Maestro' : network);
        expect(isCardNumber(digits), number).toBe(true);
        expect(holdsCardNumber(`paid with ${number} yesterday`), number).toBe(true);
      }
    }
  });

  it('passes order, invoice, ticket and tracking numbers that happen to pass Luhn', () => {
    // Each passes the Luhn check; none starts with a card network's prefix at its length.
    for (const number of ['1796535961009', '1796500000007', '7000000000000007', '8000000000000001', '9400111000000000000002', '0000000000000018']) {
      expect(isCardNumber(number.replace(/\D/g, '')), number).toBe(false);
      expect(holdsCardNumber(`Invoice ${number}`), number).toBe(false);
    }
    expect(holdsCardNumber('Invoice 1796535961009')).toBe(false);
    // A Visa prefix at a length Visa does not issue (14, 15, 17, 18) is not a Visa card.
    expect(isCardNumber('41111111111113')).toBe(false);
  });

  it('is the same check in public text (the exposure scan of jobs, messages and recordings)', () => {
    expect(findExposures('Invoice 1796535961009 for the order', 'title').map((f) => f.label)).not.toContain('payment card number');
    expect(findExposures('card 4111 1111 1111 1111 on file', 'title').map((f) => f.label)).toContain('payment card number');
    expect(findExposures('amex 3782 822463 10005 on file', 'title').map((f) => f.label)).toContain('payment card number');
  });
});
