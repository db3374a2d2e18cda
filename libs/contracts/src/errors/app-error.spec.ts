import { describe, expect, it } from 'vitest';

import { AppError, HELP_ON_FAILURE } from './app-error.js';
import { codeOfStatus, ERROR_CODES, isErrorCode } from './error-codes.js';

describe('the error body callers read', () => {
  it('a failure of ours (5xx) points where to report it, ask support for money matters, or ask for a feature', () => {
    for (const err of [new AppError(500, 'Something went wrong on our side.'), new AppError(502, 'Bad gateway.'), AppError.unavailable('Away.')]) {
      expect(err.body().help).toBe(HELP_ON_FAILURE);
    }
    expect(HELP_ON_FAILURE).toMatch(/POST \/api\/problem-reports/);
    expect(HELP_ON_FAILURE).toMatch(/refunds, chargebacks or payments.*POST \/api\/help/);
    expect(HELP_ON_FAILURE).toMatch(/POST \/api\/feature-requests/);
  });

  it('keeps a help of its own, and a refusal (4xx) carries none unless it names one', () => {
    expect(new AppError(500, 'x', { help: 'Ask the operator.' }).body().help).toBe('Ask the operator.');
    expect(AppError.badRequest('Bad.', { a: 'Required.' }).body()).toEqual({ error: 'Bad.', code: 'invalid_input', fields: { a: 'Required.' } });
    expect(AppError.tooMany('Slow down.', 3).body()).toEqual({ error: 'Slow down.', code: 'rate_limited', retryAfter: 3 });
  });

  it("carries a code: the status's general one, or one of its own, kept across the bus", () => {
    expect(AppError.notFound().body().code).toBe('not_found');
    expect(AppError.unavailable('Away.').body().code).toBe('unavailable');
    expect(new AppError(418, 'Odd.').code).toBe('invalid_input');
    expect(new AppError(599, 'Odd.').code).toBe('internal');
    const own = AppError.forbidden('Finish signing up first.', 'sign_up_unfinished');
    expect(own.body()).toEqual({ error: 'Finish signing up first.', code: 'sign_up_unfinished' });
    expect(AppError.fromWire(own.toWire()).code).toBe('sign_up_unfinished');
    expect(AppError.conflict('Busy.').withCode('idempotency_key_in_use').body()).toEqual({ error: 'Busy.', code: 'idempotency_key_in_use' });
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(isErrorCode(code)).toBe(true);
      // Every status in the registry has its general code there too.
      expect(ERROR_CODES[codeOfStatus(status)].status).toBe(status);
    }
    expect(isErrorCode('no_such_code')).toBe(false);
  });
});
