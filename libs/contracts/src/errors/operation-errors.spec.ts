import { describe, expect, it } from 'vitest';

import { catalogue } from '../catalogue.js';
import { ERROR_CODES } from './error-codes.js';
import { errorCodesAt, errorCodesOf } from './operation-errors.js';

const op = (name: string) => {
  const found = catalogue.find((o) => o.name === name);
  if (!found) throw new Error(`no operation ${name}`);
  return found;
};

describe('the error codes each operation declares', () => {
  it("derives the guard's refusals from the access, the suspension from a member write, idempotency from the binding", () => {
    const post = errorCodesOf(op('postJob'));
    expect(post).toEqual(
      expect.arrayContaining([
        'invalid_input',
        'unauthenticated',
        'email_unverified',
        'not_admitted',
        'sign_up_unfinished',
        'suspended',
        'idempotency_key_in_use',
        'idempotency_key_reused',
        'rate_limited',
        'internal',
        'unavailable',
      ]),
    );
    expect(post).not.toContain('staff_only');
    expect(errorCodesAt(op('postJob'), 403)).toEqual(['email_unverified', 'not_admitted', 'sign_up_unfinished', 'suspended']);
    // A public read refuses nobody at the door.
    expect(errorCodesOf(op('getSafetyPolicy'))).toEqual(['invalid_input', 'rate_limited', 'internal', 'unavailable']);
    // A read by a member: never refused for a suspension.
    expect(errorCodesOf(op('listMyJobs'))).not.toContain('suspended');
  });

  it("lists only codes of the registry, each operation its own in the registry's order", () => {
    const names = Object.keys(ERROR_CODES);
    for (const o of catalogue) {
      const codes = errorCodesOf(o);
      expect(
        codes.every((c) => names.includes(c)),
        o.name,
      ).toBe(true);
      expect([...codes].sort((a, b) => names.indexOf(a) - names.indexOf(b))).toEqual(codes);
    }
  });
});
