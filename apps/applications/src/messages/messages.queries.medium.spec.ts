import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applicationsEntities, applicationsMigrations } from '../applications.entities.js';
import {
  applicationOfSide,
  conversation,
  type ConversationRow,
  conversationsOf,
  conversationStats,
  insertConversation,
  insertMessage,
  isAccepted,
  lastMessages,
  markConversationRead,
  messageForUpdate,
  type MessageRow,
  messagesPage,
  reportableMessage,
  setRemoved,
  touchConversation,
} from './messages.queries.js';

/** Medium: the messages area's statements on a real applications schema built by the migrations. */
describe('the messages queries, against a real applications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: applicationsEntities, migrations: applicationsMigrations, label: 'messages_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const application = async (posterId: string, applicantId: string, status = 'submitted') => {
    const id = randomUUID();
    const jobId = randomUUID();
    await db.query(
      `INSERT INTO applications (id, job_id, applicant_id, poster_id, status, pitch, applied_to, applicant, visibility)
       VALUES ($1, $2, $3, $4, $5, 'p', '{"title":"Write a haiku","version":1}', '{"name":"Ann"}', 'public')`,
      [id, jobId, applicantId, posterId, status],
    );
    return { id, jobId };
  };
  const conversationOf = (app: { id: string; jobId: string }, posterId: string, applicantId: string, at: string): ConversationRow => ({
    application_id: app.id,
    job_id: app.jobId,
    title: 'Write a haiku',
    poster_id: posterId,
    applicant_id: applicantId,
    poster: { id: posterId, name: 'Pat', headline: null, photoUrl: null },
    poster_visibility: 'anonymous',
    applicant_name: 'Ann',
    last_message_at: new Date(at),
  });
  const message = (applicationId: string, senderId: string, role: 'poster' | 'applicant', at: string, body = 'Hi'): MessageRow => ({
    id: randomUUID(),
    application_id: applicationId,
    sender_id: senderId,
    sender_role: role,
    sent_by: 'person',
    body,
    created_at: new Date(at),
    read_at: null,
    removed_at: null,
  });

  it('starts a conversation once, reads it, and keeps it in the inbox of both sides, most recent first', async () => {
    const [poster, applicant] = [randomUUID(), randomUUID()];
    const a = await application(poster, applicant);
    const b = await application(poster, randomUUID(), 'accepted');
    const convA = conversationOf(a, poster, applicant, '2026-01-01T00:00:00Z');
    await insertConversation(db.ds, convA);
    await insertConversation(db.ds, { ...convA, title: 'Ignored' });
    expect(await conversation(db.ds, a.id)).toEqual(convA);
    await insertConversation(db.ds, conversationOf(b, poster, randomUUID(), '2026-01-02T00:00:00Z'));
    await touchConversation(db.ds, a.id, new Date('2026-01-03T00:00:00Z'));
    expect((await conversationsOf(db.ds, poster, 10)).map((c) => c.application_id)).toEqual([a.id, b.id]);
    expect((await conversationsOf(db.ds, poster, 1)).map((c) => c.application_id)).toEqual([a.id]);
    expect((await conversationsOf(db.ds, applicant, 10)).map((c) => c.application_id)).toEqual([a.id]);
    expect(await conversation(db.ds, randomUUID())).toBeUndefined();
  });

  it('reads the last message of each conversation, unread counts per side, pages, and marks read', async () => {
    const [poster, applicant] = [randomUUID(), randomUUID()];
    const a = await application(poster, applicant, 'accepted');
    await insertConversation(db.ds, conversationOf(a, poster, applicant, '2026-01-01T00:00:00Z'));
    const m1 = message(a.id, applicant, 'applicant', '2026-01-01T00:00:01Z');
    const m2 = message(a.id, applicant, 'applicant', '2026-01-01T00:00:02Z');
    const m3 = message(a.id, poster, 'poster', '2026-01-01T00:00:03Z', 'Hello');
    for (const m of [m1, m2, m3]) await insertMessage(db.ds, m);
    expect(await lastMessages(db.ds, [a.id, randomUUID()])).toEqual([m3]);
    expect(await conversationStats(db.ds, [a.id], poster)).toEqual([{ application_id: a.id, unread: 2, hired: true }]);
    expect(await conversationStats(db.ds, [a.id], applicant)).toEqual([{ application_id: a.id, unread: 1, hired: true }]);
    expect(await messagesPage(db.ds, a.id, undefined, 2)).toEqual([m3, m2]);
    expect(await messagesPage(db.ds, a.id, m2.created_at.toISOString(), 2)).toEqual([m1]);
    await markConversationRead(db.ds, a.id, 'poster');
    expect(await conversationStats(db.ds, [a.id], poster)).toEqual([{ application_id: a.id, unread: 0, hired: true }]);
    expect(await conversationStats(db.ds, [a.id], applicant)).toEqual([{ application_id: a.id, unread: 1, hired: true }]);
    expect(await isAccepted(db.ds, a.id)).toBe(true);
  });

  it('reads an application for an empty conversation, only for its two sides', async () => {
    const [poster, applicant] = [randomUUID(), randomUUID()];
    const a = await application(poster, applicant);
    expect(await applicationOfSide(db.ds, a.id, applicant)).toEqual({
      job_id: a.jobId,
      poster_id: poster,
      applicant_id: applicant,
      title: 'Write a haiku',
      name: 'Ann',
      status: 'submitted',
    });
    expect(await applicationOfSide(db.ds, a.id, randomUUID())).toBeUndefined();
    expect(await isAccepted(db.ds, a.id)).toBe(false);
  });

  it('finds a reported message for the sides only, and removes and restores it keeping the first removal time', async () => {
    const [poster, applicant] = [randomUUID(), randomUUID()];
    const a = await application(poster, applicant);
    await insertConversation(db.ds, conversationOf(a, poster, applicant, '2026-01-01T00:00:00Z'));
    const m = message(a.id, applicant, 'applicant', '2026-01-01T00:00:01Z', 'Buy now');
    await insertMessage(db.ds, m);
    expect(await reportableMessage(db.ds, m.id, poster)).toEqual({ sender_id: applicant });
    expect(await reportableMessage(db.ds, m.id, randomUUID())).toBeUndefined();
    await db.uow.run(async (em) => {
      expect(await messageForUpdate(em, m.id)).toEqual({ sender_id: applicant, application_id: a.id, body: 'Buy now' });
      await setRemoved(em, m.id, true);
    });
    const [first] = await db.query<{ removed_at: Date }>('SELECT removed_at FROM messages WHERE id = $1', [m.id]);
    expect(first!.removed_at).toBeInstanceOf(Date);
    await setRemoved(db.ds, m.id, true);
    expect(await db.query('SELECT removed_at FROM messages WHERE id = $1', [m.id])).toEqual([first]);
    await setRemoved(db.ds, m.id, false);
    expect(await db.query('SELECT removed_at FROM messages WHERE id = $1', [m.id])).toEqual([{ removed_at: null }]);
    expect(await messageForUpdate(db.ds, randomUUID())).toBeUndefined();
  });
});
