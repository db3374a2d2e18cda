import { describe, expect, it } from 'vitest';

import { restoreDateFormat } from './deferred-date-format.js';

describe('deferred date formats', () => {
  it('format as the native ones do, and the native constructor is back once restored', () => {
    const when = Date.UTC(2026, 10, 24, 13, 5, 9);
    const options: Intl.DateTimeFormatOptions = { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: 'numeric' };
    const deferred = new Intl.DateTimeFormat('en-US', options);
    restoreDateFormat();
    const native = new Intl.DateTimeFormat('en-US', options);
    expect(deferred).not.toBeInstanceOf(Intl.DateTimeFormat);
    expect(native).toBeInstanceOf(Intl.DateTimeFormat);
    expect(deferred.format(when)).toBe(native.format(when));
    expect(deferred.formatToParts(when)).toEqual(native.formatToParts(when));
    expect(deferred.resolvedOptions()).toEqual(native.resolvedOptions());
    expect(deferred.formatRange(when, when + 86_400_000)).toBe(native.formatRange(when, when + 86_400_000));
  });
});
