import { type Db, first, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { advisoryLock } from '../hiring/hiring.queries.js';

/** Account deletion's claim on a member: alone, so it waits for every hire of the member in flight. */
export function lockMemberWork(on: Db, memberId: string): Promise<void> {
  return advisoryLock(on, memberWorkKey(memberId));
}

/** The key of a member's work lock: deletion claims take it alone, hires share it. */
export function memberWorkKey(memberId: string): string {
  return `member-work:${memberId}`;
}

/** Those of the members who hold a live deletion claim. */
export function liveDeletionClaims(on: Db, memberIds: string[]): Promise<{ member_id: string }[]> {
  return rows(
    on,
    db
      .selectFrom('member_deletion_claims')
      .select('member_id')
      .where(sql<boolean>`member_id = any(${memberIds}::uuid[])`)
      .where('expires_at', '>', sql<Date>`now()`),
  );
}

/** Claims the member for deletion for `seconds` from now (a repeat claim extends it); returns until when. */
export function claimDeletion(on: Db, memberId: string, seconds: number): Promise<{ expires_at: Date } | undefined> {
  return first(
    on,
    db
      .insertInto('member_deletion_claims')
      .values({ member_id: memberId, expires_at: sql<Date>`now() + make_interval(secs => ${seconds})` })
      .onConflict((oc) => oc.column('member_id').doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') })))
      .returning('expires_at'),
  );
}

/** Deletes the member's applications but the accepted ones; returns those it deleted. */
export function deleteApplicationsOf(on: Db, applicantId: string): Promise<{ id: string; job_id: string; poster_id: string; status: string }[]> {
  return rows(
    on,
    db.deleteFrom('applications').where('applicant_id', '=', applicantId).where('status', '<>', 'accepted').returning(['id', 'job_id', 'poster_id', 'status']),
  );
}

/**
 * Takes the member's name and contact off what stays of their work: the applicant snapshot and
 * resume of their applications, the poster contact shared on their jobs, the hires and ratings
 * that name them, and the messages they sent. `former` is the JSON of the card that replaces them.
 */
export async function forgetMemberInWork(on: Db, memberId: string, formerName: string, former: string): Promise<void> {
  await rows(
    on,
    db
      .updateTable('applications')
      .set({
        applicant: sql<string>`applicant || jsonb_build_object('name', ${formerName}::text, 'email', '', 'headline', NULL,
         'photoUrl', NULL, 'website', NULL, 'networkUrl', NULL)`,
        resume: null,
      })
      .where('applicant_id', '=', memberId),
  );
  await rows(on, db.updateTable('applications').set({ poster_contact: null }).where('poster_id', '=', memberId));
  await rows(
    on,
    db
      .updateTable('hires')
      .set({ worker: sql<string>`${former}::jsonb` })
      .where('worker_id', '=', memberId),
  );
  await rows(
    on,
    db
      .updateTable('hires')
      .set({ poster: sql<string>`${former}::jsonb` })
      .where('poster_id', '=', memberId),
  );
  await rows(
    on,
    db
      .updateTable('ratings')
      .set({ rater_id: null, by: sql<string>`${former}::jsonb` })
      .where('rater_id', '=', memberId),
  );
  await rows(on, db.updateTable('messages').set({ sender_id: null }).where('sender_id', '=', memberId));
}

/** Takes the member off their conversations, on either side. */
export async function forgetMemberInConversations(on: Db, memberId: string, formerName: string, former: string): Promise<void> {
  await rows(on, db.updateTable('conversations').set({ applicant_id: null, applicant_name: formerName }).where('applicant_id', '=', memberId));
  await rows(
    on,
    db
      .updateTable('conversations')
      .set({ poster_id: null, poster: sql<string>`${former}::jsonb` })
      .where('poster_id', '=', memberId),
  );
}
