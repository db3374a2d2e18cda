import { api, createMember, probeFixedWindow, until } from '@marketplace/testing';
import { describe, expect, inject, it } from 'vitest';

import { expectFixedWindowLimit } from './support/limits.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

describe('job.posted travels outbox -> JetStream -> notifications, once', () => {
  it('delivers the poster an alert exactly once', async () => {
    const poster = await createMember(nats);
    const posted = await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Event check', category: 'research', constraints: 'Find it.' } });
    const alerts = await until(
      async () => {
        const res = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
        return res.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts).length
          ? res.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts)
          : undefined;
      },
      { what: 'the job.posted alert' },
    );
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'job.posted', jobId: posted.body.id });
    expect(alerts[0].message).toContain('Event check');
    const again = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
    expect(again.body.conversations.flatMap((c: { alerts: any[] }) => c.alerts)).toEqual([]);
  });
});

describe('API key rate limit', () => {
  it('allows 120 requests per minute per key, then 429 with Retry-After', async () => {
    // A fresh key: nothing counted for it yet. The window is a clock minute, and the probe holds
    // whenever the test runs (no waiting for a minute to start).
    const member = await createMember(nats);
    const probe = await probeFixedWindow({
      max: 120,
      windowSeconds: 60,
      attempt: () => api(base, '/api/me/jobs', { key: member.key }),
      retryAfterOf: (r) => {
        if (r.status === 429) return Number(r.headers.get('retry-after'));
        expect(r.status).toBe(200);
        return undefined;
      },
    });
    expectFixedWindowLimit(probe, 120, 60);
    expect(probe.refusal.body.retryAfter).toBe(probe.retryAfter);
    expect(probe.refusal.body.error).toMatch(/120 requests per minute/);
  });

  it('every answer says what is left of the budget (RateLimit-Policy and RateLimit)', async () => {
    const member = await createMember(nats);
    const first = await api(base, '/api/me/jobs', { key: member.key });
    const second = await api(base, '/api/me/jobs', { key: member.key });
    expect(first.headers.get('ratelimit-policy')).toBe('"api_key_requests";q=120;w=60');
    const left = (r: typeof first) => /^"api_key_requests";r=(\d+);t=(\d+)$/.exec(r.headers.get('ratelimit') ?? '');
    expect(left(first)).not.toBeNull();
    const [, r1, t1] = left(first)!;
    const [, r2] = left(second)!;
    // The window may turn between the two; within it, each request spends one.
    expect(Number(r2) === Number(r1) - 1 || Number(r2) === 119).toBe(true);
    expect(Number(t1)).toBeGreaterThanOrEqual(0);
    expect(Number(t1)).toBeLessThanOrEqual(60);
  });
});
