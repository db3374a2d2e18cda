import { describe, expect, it } from 'vitest';
import { webhookRetryDelayMs, webhookSettings } from './webhook-settings.js';

describe('webhook settings', () => {
  it('defaults: 30 s doubling to four hours, given up after 72 h, loopback http outside production only', () => {
    const s = webhookSettings({});
    expect(s).toMatchObject({ retryBaseMs: 30_000, maxDelayMs: 14_400_000, giveUpMs: 72 * 3_600_000, loopbackHttp: true });
    expect(webhookSettings({ NODE_ENV: 'production' }).loopbackHttp).toBe(false);
    expect([1, 2, 3, 9, 10, 40].map((n) => webhookRetryDelayMs(s, n))).toEqual([30_000, 60_000, 120_000, 7_680_000, 14_400_000, 14_400_000]);
  });

  it('the schedule spreads about 25 attempts over the three days before giving up', () => {
    const s = webhookSettings({});
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < s.giveUpMs) elapsed += webhookRetryDelayMs(s, ++attempts);
    expect(attempts).toBeGreaterThan(15);
    expect(attempts).toBeLessThan(30);
  });

  it('refuses a setting that is not a positive number', () => {
    expect(() => webhookSettings({ WEBHOOK_RETRY_BASE_MS: 'soon' })).toThrow(/WEBHOOK_RETRY_BASE_MS/);
    expect(() => webhookSettings({ WEBHOOK_GIVE_UP_HOURS: '0' })).toThrow(/WEBHOOK_GIVE_UP_HOURS/);
  });
});
