import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import { closeDigest, digestAlerts, digestOf, markDigestSent, switchesOf, writeSwitches } from './email.queries.js';

/**
 * Medium: the email statements on a real PostgreSQL schema built by the migrations: a digest read,
 * closed once (taking the member's waiting alerts), its alerts in order, its send recorded, and the
 * member's switches read and written.
 */
describe('the email statements, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('closes a digest once, taking the waiting alerts in order, and records its send', async () => {
    const member = randomUUID();
    const digest = randomUUID();
    await db.query('INSERT INTO email_members (member_id, open_digest_id) VALUES ($1, $2)', [member, digest]);
    await db.query('INSERT INTO email_digests (id, member_id, send_after) VALUES ($1, $2, now())', [digest, member]);
    const jobId = randomUUID();
    for (const [message, minutesAgo, sw] of [
      ['second', 1, 'account'],
      ['first', 2, 'messages'],
    ] as const) {
      const id = randomUUID();
      await db.query(
        `INSERT INTO alerts (id, member_id, kind, message, job_id, conversation_key, conversation_kind, event_id, created_at)
        VALUES ($1, $2, 'message.sent', $3, $4, 'c', 'application', $5, now() - make_interval(mins => $6))`,
        [id, member, message, jobId, randomUUID(), minutesAgo],
      );
      await db.query('INSERT INTO email_alerts (alert_id, member_id, email_switch) VALUES ($1, $2, $3)', [id, member, sw]);
    }
    const before = await digestOf(db.ds, digest);
    expect(before).toMatchObject({ member_id: member, closed_at: null, sent_at: null });
    expect(before!.send_after).toBeInstanceOf(Date);
    expect(await digestOf(db.ds, randomUUID())).toBeUndefined();
    expect(await digestAlerts(db.ds, digest)).toEqual([]);

    expect(await db.ds.transaction((em) => closeDigest(em, digest, member))).toBe(true);
    expect(await db.ds.transaction((em) => closeDigest(em, digest, member))).toBe(false);
    expect((await digestOf(db.ds, digest))!.closed_at).toBeInstanceOf(Date);
    const [row] = await db.query<{ open_digest_id: string | null; closed: boolean }>(
      'SELECT open_digest_id, last_closed_at IS NOT NULL AS closed FROM email_members WHERE member_id = $1',
      [member],
    );
    expect(row).toEqual({ open_digest_id: null, closed: true });
    expect(await digestAlerts(db.ds, digest)).toEqual([
      { email_switch: 'messages', message: 'first', job_id: jobId },
      { email_switch: 'account', message: 'second', job_id: jobId },
    ]);

    await markDigestSent(db.ds, digest, true);
    const sent = await digestOf(db.ds, digest);
    expect(sent!.sent_at).toBeInstanceOf(Date);
    expect(await db.query('SELECT emailed FROM email_digests WHERE id = $1', [digest])).toEqual([{ emailed: true }]);
  });

  it('reads and writes the email switches by name', async () => {
    const member = randomUUID();
    expect(await switchesOf(db.ds, member)).toBeUndefined();
    await writeSwitches(db.ds, member, { messages: false, comments: false });
    expect(await switchesOf(db.ds, member)).toEqual({
      comments: false,
      preferredWorker: true,
      applications: true,
      hiringAndWork: true,
      messages: false,
    });
    await writeSwitches(db.ds, member, { comments: true, hiringAndWork: false });
    expect(await switchesOf(db.ds, member)).toEqual({
      comments: true,
      preferredWorker: true,
      applications: true,
      hiringAndWork: false,
      messages: false,
    });
  });
});
