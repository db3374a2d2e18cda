import { describe, expect, it } from 'vitest';
import { readSignInConfig } from './sign-in.config.js';

describe('SESSION_ABSOLUTE_DAYS', () => {
  it('defaults to 90 days and takes a whole number of days from the environment', () => {
    expect(readSignInConfig({}).sessionAbsoluteDays).toBe(90);
    expect(readSignInConfig({ SESSION_ABSOLUTE_DAYS: '14' }).sessionAbsoluteDays).toBe(14);
  });

  it('ignores values that are not a whole number of days from 1 to 3650', () => {
    for (const value of ['', ' ', '0', '-3', '1.5', 'ninety', '4000']) {
      expect(readSignInConfig({ SESSION_ABSOLUTE_DAYS: value }).sessionAbsoluteDays).toBe(90);
    }
  });
});
