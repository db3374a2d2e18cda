import { describe, expect, it } from 'vitest';
import { AppError, HELP_ON_FAILURE } from './app-error.js';

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
    expect(AppError.badRequest('Bad.', { a: 'Required.' }).body()).toEqual({ error: 'Bad.', fields: { a: 'Required.' } });
    expect(AppError.tooMany('Slow down.', 3).body()).toEqual({ error: 'Slow down.', retryAfter: 3 });
  });
});
