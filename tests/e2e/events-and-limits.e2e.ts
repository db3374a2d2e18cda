import { describe, expect, inject, it } from 'vitest';
import { api, createMember } from '@marketplace/testing';

const base = inject('baseUrl');
const nats = inject('natsUrl');

async function until<T>(probe: () => Promise<T | undefined>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('job.posted travels outbox -> JetStream -> notifications, once', () => {
  it('delivers the poster an alert exactly once', async () => {
    const poster = await createMember(nats);
    const posted = await api(base, '/api/me/jobs', { key: poster.key, body: { title: 'Event check', category: 'research', constraints: 'Find it.' } });
    const alerts = await until(async () => {
      const res = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
      return res.body.alerts.length ? res.body.alerts : undefined;
    });
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ kind: 'job.posted', jobId: posted.body.id });
    expect(alerts[0].message).toContain('Event check');
    const again = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
    expect(again.body.alerts).toEqual([]);
  });
});

describe('API key rate limit', () => {
  it('allows 120 requests per minute per key, then 429 with Retry-After', async () => {
    const member = await createMember(nats);
    // Align to the start of a minute window so all requests fall into one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    const statuses = await Promise.all(Array.from({ length: 121 }, () => api(base, '/api/me/jobs', { key: member.key }).then((r) => r)));
    const codes = statuses.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(120);
    const limited = statuses.find((r) => r.status === 429)!;
    expect(limited).toBeDefined();
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.error).toMatch(/120 requests per minute/);
  });
});
