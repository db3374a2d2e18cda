import type { JobMember } from '@marketplace/contracts';
import { type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

export type ConversationShape = { poster: JobMember; poster_visibility: 'public' | 'anonymous' };
export type ConversationRow = Omit<Selectable<DB['conversations']>, keyof ConversationShape> & ConversationShape;

export type MessageShape = { sender_role: 'poster' | 'applicant'; sent_by: 'person' | 'agent' };
export type MessageRow = Omit<Selectable<DB['messages']>, keyof MessageShape> & MessageShape;

/** The member's conversations, on either side, most recent first. */
export function conversationsOf(on: Db, memberId: string, limit: number): Promise<ConversationRow[]> {
  return rows(
    on,
    db
      .selectFrom('conversations')
      .selectAll()
      .where((eb) => eb.or([eb('poster_id', '=', memberId), eb('applicant_id', '=', memberId)]))
      .orderBy('last_message_at', 'desc')
      .limit(limit)
      .$narrowType<ConversationShape>(),
  );
}

/** The last message of each of the conversations that has one. */
export function lastMessages(on: Db, applicationIds: string[]): Promise<MessageRow[]> {
  return rows(
    on,
    db
      .selectFrom('messages')
      .selectAll()
      .distinctOn('application_id')
      .where(sql<boolean>`application_id = any(${applicationIds}::uuid[])`)
      .orderBy('application_id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .$narrowType<MessageShape>(),
  );
}

/** Per conversation: the messages the member has not read from the other side, and whether its application was accepted. */
export function conversationStats(on: Db, applicationIds: string[], memberId: string): Promise<{ application_id: string; unread: number; hired: boolean }[]> {
  return rows(
    on,
    db
      .selectFrom('conversations as c')
      .select((eb) => [
        'c.application_id',
        eb
          .selectFrom('messages as m')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('m.application_id', '=', 'c.application_id')
          .where('m.read_at', 'is', null)
          .whereRef('m.sender_role', '<>', eb.case().when('c.poster_id', '=', memberId).then('poster').else('applicant').end())
          .$asScalar()
          .$notNull()
          .as('unread'),
        eb
          .exists(
            eb
              .selectFrom('applications as a')
              .select(sql<number>`1`.as('one'))
              .whereRef('a.id', '=', 'c.application_id')
              .where('a.status', '=', 'accepted'),
          )
          .$castTo<boolean>()
          .as('hired'),
      ])
      .where(sql<boolean>`c.application_id = any(${applicationIds}::uuid[])`),
  );
}

export function conversation(on: Db, applicationId: string): Promise<ConversationRow | undefined> {
  return first(on, db.selectFrom('conversations').selectAll().where('application_id', '=', applicationId).$narrowType<ConversationShape>());
}

/** Up to `limit` of the conversation's messages, newest first, those before `before` when given. */
export function messagesPage(on: Db, applicationId: string, before: string | undefined, limit: number): Promise<MessageRow[]> {
  let query = db.selectFrom('messages').selectAll().where('application_id', '=', applicationId);
  // The bound is compared as the client sent it (PostgreSQL reads it as a timestamptz).
  if (before) query = query.where('created_at', '<', sql<Date>`${before}`);
  return rows(on, query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).$narrowType<MessageShape>());
}

/** Marks read the conversation's unread messages sent by the other side. */
export async function markConversationRead(on: Db, applicationId: string, readerSide: 'poster' | 'applicant'): Promise<void> {
  await rows(
    on,
    db
      .updateTable('messages')
      .set({ read_at: sql<Date>`now()` })
      .where('application_id', '=', applicationId)
      .where('sender_role', '<>', readerSide)
      .where('read_at', 'is', null),
  );
}

export async function isAccepted(on: Db, applicationId: string): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('applications')
      .select(sql<number>`1`.as('one'))
      .where('id', '=', applicationId)
      .where('status', '=', 'accepted'),
  );
  return found.length > 0;
}

/** An application the member is a side of, as an empty conversation shows it. */
export function applicationOfSide(on: Db, applicationId: string, memberId: string) {
  return first(
    on,
    db
      .selectFrom('applications')
      .select(['job_id', 'poster_id', 'applicant_id', sql<string>`applied_to->>'title'`.as('title'), sql<string>`applicant->>'name'`.as('name'), 'status'])
      .where('id', '=', applicationId)
      .where((eb) => eb.or([eb('poster_id', '=', memberId), eb('applicant_id', '=', memberId)])),
  );
}

/** Who sent the message, when the reporter is one of the conversation's two sides; undefined otherwise. */
export function reportableMessage(on: Db, messageId: string, reporterId: string): Promise<{ sender_id: string | null } | undefined> {
  return first(
    on,
    db
      .selectFrom('messages as m')
      .innerJoin('conversations as c', 'c.application_id', 'm.application_id')
      .select('m.sender_id')
      .where('m.id', '=', messageId)
      .where((eb) => eb.or([eb('c.poster_id', '=', reporterId), eb('c.applicant_id', '=', reporterId)])),
  );
}

/** The message, locked for the rest of the transaction. */
export function messageForUpdate(on: Db, id: string): Promise<{ sender_id: string | null; application_id: string; body: string } | undefined> {
  return first(on, db.selectFrom('messages').select(['sender_id', 'application_id', 'body']).where('id', '=', id).forUpdate());
}

/** Removes the message (keeping the first removal time) or restores it. */
export async function setRemoved(on: Db, id: string, removed: boolean): Promise<void> {
  await rows(
    on,
    db
      .updateTable('messages')
      .set({ removed_at: sql<Date | null>`CASE WHEN ${removed}::boolean THEN coalesce(removed_at, now()) END` })
      .where('id', '=', id),
  );
}

/** Starts the application's conversation, unless it already has one. */
export async function insertConversation(on: Db, c: ConversationRow): Promise<void> {
  await rows(
    on,
    db
      .insertInto('conversations')
      .values({ ...c, poster: JSON.stringify(c.poster) })
      .onConflict((oc) => oc.doNothing()),
  );
}

export async function touchConversation(on: Db, applicationId: string, at: Date): Promise<void> {
  await rows(on, db.updateTable('conversations').set({ last_message_at: at }).where('application_id', '=', applicationId));
}

export async function insertMessage(on: Db, m: MessageRow): Promise<void> {
  await rows(on, db.insertInto('messages').values(m));
}
