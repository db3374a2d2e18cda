import { describe, expect, it } from 'vitest';

import { webhookBusyDelayMs, webhookRetryDelayMs, webhookSettings } from './webhook-settings.js';

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

  it("an attempt has a 10 s deadline, under the delivery job's 30 s timeout; at most 2 in flight per endpoint and 4 per member", () => {
    expect(webhookSettings({})).toMatchObject({ deadlineMs: 10_000, inFlightPerEndpoint: 2, inFlightPerMember: 4 });
    expect(webhookSettings({ WEBHOOK_DEADLINE_MS: '25000', WEBHOOK_IN_FLIGHT_PER_MEMBER: '8' })).toMatchObject({ deadlineMs: 25_000, inFlightPerMember: 8 });
    // Past the job timeout the runner would free the slot with the request still open.
    expect(() => webhookSettings({ WEBHOOK_DEADLINE_MS: '30000' })).toThrow(/WEBHOOK_DEADLINE_MS/);
    expect(() => webhookSettings({ WEBHOOK_IN_FLIGHT_PER_ENDPOINT: '0' })).toThrow(/WEBHOOK_IN_FLIGHT_PER_ENDPOINT/);
    expect(() => webhookSettings({ WEBHOOK_IN_FLIGHT_PER_MEMBER: '1.5' })).toThrow(/WEBHOOK_IN_FLIGHT_PER_MEMBER/);
  });

  it('an item held back by a cap asks again after a second or two at first, then about every deadline', () => {
    const s = webhookSettings({});
    expect(webhookBusyDelayMs(s, 1, () => 0)).toBe(1_000);
    expect(webhookBusyDelayMs(s, 1, () => 1)).toBe(2_000);
    expect(webhookBusyDelayMs(s, 3, () => 0)).toBe(4_000);
    expect(webhookBusyDelayMs(s, 40, () => 0)).toBe(10_000);
    // A queue's 1,000 deliveries last hours of being held back, not minutes.
    let waited = 0;
    for (let n = 1; n <= 1_000; n++) waited += webhookBusyDelayMs(s, n, () => 0);
    expect(waited).toBeGreaterThan(2 * 3_600_000);
    expect(webhookBusyDelayMs(webhookSettings({ WEBHOOK_DEADLINE_MS: '500' }), 1, () => 0)).toBe(500);
  });
});
