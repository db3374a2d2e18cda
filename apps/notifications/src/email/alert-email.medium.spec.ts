import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';

import { type EventEnvelope, getMemberContact } from '@marketplace/contracts';
import { DeferWork, type WorkContext } from '@marketplace/service-kit';
import { FakeBus, openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationConversation, writeAlert } from '../alerts/write-alert.js';
import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { AlertEmailWorker } from './alert-email.worker.js';
import type { AlertMail, AlertMailer } from './alert-mailer.js';

/**
 * Medium: alert writing and the email worker against the notifications schema as its migrations
 * build it on a real PostgreSQL, with a fake identity and a mailer that records. What it proves:
 * one digest per member at a time, an alert committed while the worker closes a digest is taken
 * by it or opens the next one (never neither), the window between digests, and no second send.
 */
const ctx = (): WorkContext => ({ id: randomUUID(), attempt: 1, signal: new AbortController().signal, heartbeat: () => undefined });

function event(type: string): EventEnvelope {
  return { id: randomUUID(), type, version: 1, producer: 'applications', occurredAt: new Date().toISOString(), payload: {} };
}

describe('alert emails, against a real notifications schema', () => {
  let db: ServiceSchema;
  let worker: AlertEmailWorker;
  const sent: AlertMail[] = [];

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: 'smtp://127.0.0.1:1', emailWindowMs: 0, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
    const bus = new FakeBus().answer(getMemberContact, ({ memberId }) => ({ email: `${memberId}@example.test`, name: 'Max Member' }));
    const mailer = {
      send: async (mail: AlertMail) => {
        sent.push(mail);
      },
    } as unknown as AlertMailer;
    worker = new AlertEmailWorker(db.ds, bus.asBusClient(), mailer);
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const alertFor = (memberId: string, message: string) =>
    db.ds.transaction((em) => writeAlert(em, event('message.sent'), memberId, message, applicationConversation(randomUUID(), randomUUID())));
  const digestsOf = (memberId: string) =>
    db.query<{ id: string; closed_at: Date | null; sent_at: Date | null; send_after: Date }>(
      'SELECT id, closed_at, sent_at, send_after FROM email_digests WHERE member_id = $1 ORDER BY created_at',
      [memberId],
    );
  const queued = async () =>
    (
      await db.query<{ envelope: { payload: { digestId: string } } }>("SELECT envelope FROM outbox_events WHERE subject = 'work.notifications.alert-email.v1'")
    ).map((r) => r.envelope.payload.digestId);

  it('alerts arriving while a digest is open join it: one digest, one work item, one email', async () => {
    const member = randomUUID();
    await alertFor(member, 'first');
    await alertFor(member, 'second');
    const [digest, ...more] = await digestsOf(member);
    expect(more).toEqual([]);
    expect((await queued()).filter((id) => id === digest!.id)).toHaveLength(1);

    await worker.run({ digestId: digest!.id }, ctx());
    const mine = sent.filter((m) => m.to === `${member}@example.test`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toBe('2 new alerts on the marketplace');
    expect(mine[0]!.messageId).toBe(`<alerts-${digest!.id}@marketplace>`);

    // Run again (a redelivery): the digest recorded its send, nothing goes out twice.
    await worker.run({ digestId: digest!.id }, ctx());
    expect(sent.filter((m) => m.to === `${member}@example.test`)).toHaveLength(1);
  });

  it('an alert whose transaction is open while the digest closes is taken by that digest once it commits', async () => {
    const member = randomUUID();
    await alertFor(member, 'before');
    const [digest] = await digestsOf(member);
    const runner = db.ds.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      await writeAlert(runner.manager, event('message.sent'), member, 'during', applicationConversation(randomUUID(), randomUUID()));
      const running = worker.run({ digestId: digest!.id }, ctx());
      await sleep(300);
      // The worker waits on the member's row while the alert's transaction holds it.
      expect(sent.filter((m) => m.to === `${member}@example.test`)).toEqual([]);
      await runner.commitTransaction();
      await running;
    } finally {
      await runner.release();
    }
    const mine = sent.filter((m) => m.to === `${member}@example.test`);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text).toContain('- before');
    expect(mine[0]!.text).toContain('- during');
    expect(await digestsOf(member)).toHaveLength(1);
  });

  it('an alert after a digest closed opens the next one, due a window later', async () => {
    Object.assign(channelsConfig(), { emailWindowMs: 60_000 });
    try {
      const member = randomUUID();
      await alertFor(member, 'one');
      const [first] = await digestsOf(member);
      // The first digest of a member is due at once, whatever the window.
      await worker.run({ digestId: first!.id }, ctx());
      await alertFor(member, 'two');
      const [, next] = await digestsOf(member);
      expect(next).toBeDefined();
      const closedAt = (await digestsOf(member))[0]!.closed_at!;
      expect(next!.send_after.getTime() - closedAt.getTime()).toBeGreaterThanOrEqual(59_000);
      await expect(worker.run({ digestId: next!.id }, ctx())).rejects.toBeInstanceOf(DeferWork);
      expect(sent.filter((m) => m.to === `${member}@example.test`).map((m) => m.subject)).toEqual(['one']);
    } finally {
      Object.assign(channelsConfig(), { emailWindowMs: 0 });
    }
  });

  it('a switch that is off keeps its alerts out of email for good', async () => {
    const member = randomUUID();
    await db.query('INSERT INTO notification_preferences (member_id, email_messages) VALUES ($1, false)', [member]);
    await alertFor(member, 'quiet');
    expect(await digestsOf(member)).toEqual([]);
    expect(await db.query('SELECT 1 FROM alerts WHERE member_id = $1', [member])).toHaveLength(1);
    expect(await db.query('SELECT 1 FROM email_alerts WHERE member_id = $1', [member])).toEqual([]);
  });
});
