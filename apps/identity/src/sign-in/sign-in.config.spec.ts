import { describe, expect, it } from 'vitest';

import { readSignInConfig } from './sign-in.config.js';

describe('SESSION_ABSOLUTE_DAYS', () => {
  it('defaults to 90 days and takes a whole number of days from the environment', () => {
    expect(readSignInConfig({}).sessionAbsoluteDays).toBe(90);
    expect(readSignInConfig({ SESSION_ABSOLUTE_DAYS: '14' }).sessionAbsoluteDays).toBe(14);
  });

  it('blank keeps the default; anything but a whole number of days from 1 to 3650 stops the service, naming the variable', () => {
    for (const value of ['', ' ']) expect(readSignInConfig({ SESSION_ABSOLUTE_DAYS: value }).sessionAbsoluteDays).toBe(90);
    for (const value of ['0', '-3', '1.5', 'ninety', '4000']) {
      expect(() => readSignInConfig({ SESSION_ABSOLUTE_DAYS: value })).toThrow(/^SESSION_ABSOLUTE_DAYS=/);
    }
  });

  it('refuses a trusted origin that is not a URL, naming the variable', () => {
    expect([...readSignInConfig({ TRUSTED_ORIGINS: 'https://a.example/x, http://b.example' }).trustedOrigins]).toEqual([
      'https://a.example',
      'http://b.example',
    ]);
    expect(() => readSignInConfig({ TRUSTED_ORIGINS: 'https://a.example,b.example' })).toThrow(/^TRUSTED_ORIGINS=/);
  });
});
