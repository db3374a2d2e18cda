import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { applicationSubmittedV1 } from '@marketplace/contracts';
import { api, createMember, dbQuery, mailTo, until } from '@marketplace/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { service } from './support/control.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const mailDir = inject('mailDir');

/** Publishes application.submitted events to one poster, as the applications service would; `events` are their ids. */
function applicationsTo(posterId: string): { events: string[]; publish(): Promise<void> } {
  const jobId = randomUUID();
  const events: string[] = [];
  return {
    events,
    publish: async () => {
      events.push(
        await publishEvent(nats, applicationSubmittedV1, {
          applicationId: randomUUID(),
          jobId,
          applicantId: randomUUID(),
          posterId,
          jobVersion: 1,
          viaAgent: true,
          submittedAt: new Date().toISOString(),
        }),
      );
    },
  };
}

describe('the notifications processes crash mid-stream', () => {
  const servers: Server[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise((closed) => s.close(closed))));
    await service('start', 'notifications').catch(() => undefined);
    await service('start', 'notifications-worker').catch(() => undefined);
  });

  it('are killed (SIGKILL) while events arrive; every alert is delivered and emailed exactly once', async () => {
    const poster = await createMember(nats);
    const { events, publish } = applicationsTo(poster.id);
    for (let i = 0; i < 15; i++) await publish();
    // Both die while the consumer is still working through the stream and digests are open.
    await Promise.all([service('kill', 'notifications'), service('kill', 'notifications-worker')]);
    for (let i = 0; i < 15; i++) await publish();
    await service('start', 'notifications');
    for (let i = 0; i < 10; i++) await publish();
    await service('start', 'notifications-worker');

    // Every event became exactly one alert (the unique (event, member) index and processed_events).
    const rows = await until(
      async () => {
        const found = await dbQuery<{ event_id: string; n: number }>(
          db,
          'SELECT event_id, count(*)::int AS n FROM notifications.alerts WHERE member_id = $1 GROUP BY event_id',
          [poster.id],
        );
        return found.length === events.length ? found : undefined;
      },
      { timeoutMs: 30_000, what: 'an alert for every event' },
    );
    expect(rows.map((r) => r.event_id).sort()).toEqual([...events].sort());
    expect(rows.every((r) => r.n === 1)).toBe(true);

    // Pull delivery hands each of them out once (ten conversations per call).
    const delivered: string[] = [];
    for (;;) {
      const res = await api(base, '/api/me/notifications/deliver', { key: poster.key, method: 'POST' });
      expect(res.status).toBe(200);
      for (const c of res.body.conversations) for (const a of c.alerts) delivered.push(a.id);
      if (!res.body.more && res.body.conversations.length === 0) break;
    }
    expect(delivered).toHaveLength(events.length);
    expect(new Set(delivered).size).toBe(events.length);

    // Email: every alert went into exactly one digest, and each sent digest mailed once.
    await until(
      async () => {
        const waiting = await dbQuery(
          db,
          `SELECT 1 FROM notifications.alerts a
        LEFT JOIN notifications.email_alerts e ON e.alert_id = a.id LEFT JOIN notifications.email_digests d ON d.id = e.digest_id
        WHERE a.member_id = $1 AND d.sent_at IS NULL`,
          [poster.id],
        );
        return waiting.length === 0;
      },
      { timeoutMs: 30_000, what: 'every alert to be emailed' },
    );
    const mails = await mailTo(mailDir, poster.email);
    const mentioned = mails.map((m) => m.text.match(/Your job received a new application\./g)?.length ?? 0).reduce((a, b) => a + b, 0);
    expect(mentioned).toBe(events.length);
    const digests = await dbQuery<{ n: number }>(db, 'SELECT count(*)::int AS n FROM notifications.email_digests WHERE member_id = $1 AND emailed', [
      poster.id,
    ]);
    expect(digests[0]!.n).toBe(mails.length);
  });

  it('the worker SIGKILLed in the middle of a webhook delivery loses and doubles nothing: every event reaches the endpoint under one webhook-id', async () => {
    const poster = await createMember(nats);
    // The receiver holds its first requests open for a while, so the kill lands mid-delivery.
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    let open = 0;
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const hold = received.length <= 2 ? 4_000 : 0;
        open += 1;
        setTimeout(() => {
          open -= 1;
          res.writeHead(204).end();
        }, hold);
      });
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    servers.push(server);
    const hook = await api(base, '/api/me/webhooks', {
      key: poster.key,
      body: { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, events: ['application.submitted'] },
    });
    expect(hook.status).toBe(201);

    const { events, publish } = applicationsTo(poster.id);
    for (let i = 0; i < 8; i++) await publish();
    await until(async () => open > 0 || undefined, { timeoutMs: 30_000, what: 'a delivery in flight' });
    await service('kill', 'notifications-worker');
    for (let i = 0; i < 8; i++) await publish();
    await service('start', 'notifications-worker');

    // Every event is delivered; the log shows one delivery per event, each delivered.
    const log = await until(
      async () => {
        const rows = await dbQuery<{ event_id: string; id: string; status: string }>(
          db,
          'SELECT event_id, id, status FROM notifications.webhook_deliveries WHERE endpoint_id = $1',
          [hook.body.id],
        );
        return rows.length === events.length && rows.every((r) => r.status === 'delivered') ? rows : undefined;
      },
      { timeoutMs: 100_000, intervalMs: 500, what: 'every webhook delivered after the worker came back' },
    );
    expect(log.map((r) => r.event_id).sort()).toEqual([...events].sort());

    // What the receiver saw: signed bodies; each event under exactly one webhook-id, and every id the log's.
    const verifier = new Webhook(hook.body.secret);
    const idsByEvent = new Map<string, Set<string>>();
    for (const r of received) {
      const id = String(r.headers['webhook-id']);
      const event = verifier.verify(r.body, {
        'webhook-id': id,
        'webhook-timestamp': String(r.headers['webhook-timestamp']),
        'webhook-signature': String(r.headers['webhook-signature']),
      }) as { data: { eventId: string } };
      idsByEvent.set(event.data.eventId, (idsByEvent.get(event.data.eventId) ?? new Set()).add(id));
    }
    expect([...idsByEvent.keys()].sort()).toEqual([...events].sort());
    expect([...idsByEvent.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set([...idsByEvent.values()].flatMap((ids) => [...ids]))).toEqual(new Set(log.map((r) => r.id)));
    // The attempt cut by the kill was sent again under its id: at least once, never under a new id.
    expect(received.length).toBeGreaterThanOrEqual(events.length);
  }, 150_000);
});
