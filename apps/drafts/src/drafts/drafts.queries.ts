import { affected, type Db, first, rows, type Selectable } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { DraftStatus, DraftTaskName, JobDraftEntity, StoredCosts, StoredFollowUp, StoredJobEval, StoredPosting, StoredTask } from './draft.entity.js';

/** A job_drafts row as PostgreSQL returns it: timestamps as Date, jsonb parsed. */
export type DraftRow = Selectable<DB['job_drafts']>;

/**
 * A draft as the handlers and workers use it. The columns come from the schema (a renamed column
 * fails here); the jsonb columns hold what the draft's own code wrote into them.
 */
export function toDraft(row: DraftRow): JobDraftEntity {
  return {
    id: row.id,
    memberId: row.member_id,
    status: row.status as DraftStatus,
    jobId: row.job_id,
    posterVisibility: row.poster_visibility as JobDraftEntity['posterVisibility'],
    answers: row.answers as Record<string, string>,
    answersVersion: row.answers_version,
    research: row.research as JobDraftEntity['research'],
    researchCorrection: row.research_correction,
    followUps: row.follow_ups as unknown as StoredFollowUp[],
    posting: row.posting as unknown as StoredPosting | null,
    approved: row.approved as string[],
    tasks: row.tasks as Partial<Record<DraftTaskName, StoredTask>>,
    jobEval: row.job_eval as unknown as StoredJobEval | null,
    costs: row.costs as unknown as StoredCosts,
    recordingTokenHash: row.recording_token_hash,
    recordingLinkExpiresAt: row.recording_link_expires_at,
    recordingId: row.recording_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** A jsonb value as a parameter: the driver would send a JS array as a PostgreSQL array. Null stays SQL NULL. */
export function jsonb(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}

/** Every column a change to a draft may write (all but its id, owner and creation time). */
function changes(draft: JobDraftEntity) {
  return {
    status: draft.status,
    job_id: draft.jobId,
    poster_visibility: draft.posterVisibility,
    answers: jsonb(draft.answers)!,
    answers_version: draft.answersVersion,
    research: jsonb(draft.research),
    research_correction: draft.researchCorrection,
    follow_ups: jsonb(draft.followUps)!,
    posting: jsonb(draft.posting),
    approved: jsonb(draft.approved)!,
    tasks: jsonb(draft.tasks)!,
    job_eval: jsonb(draft.jobEval),
    costs: jsonb(draft.costs)!,
    recording_token_hash: draft.recordingTokenHash,
    recording_link_expires_at: draft.recordingLinkExpiresAt,
    recording_id: draft.recordingId,
    updated_at: draft.updatedAt,
  };
}

async function oneDraft(on: Db, query: Parameters<typeof first<DraftRow>>[1]): Promise<JobDraftEntity | null> {
  const row = await first(on, query);
  return row ? toDraft(row) : null;
}

/** A draft by id, locked for the rest of the transaction when `lock`. */
export function draftById(on: Db, id: string, lock = false): Promise<JobDraftEntity | null> {
  const q = db.selectFrom('job_drafts').selectAll().where('id', '=', id).limit(1);
  return oneDraft(on, lock ? q.forUpdate() : q);
}

/** A member's draft by id (any status), locked when `lock`. */
export function draftOfMember(on: Db, id: string, memberId: string, lock = false): Promise<JobDraftEntity | null> {
  const q = db.selectFrom('job_drafts').selectAll().where('id', '=', id).where('member_id', '=', memberId).limit(1);
  return oneDraft(on, lock ? q.forUpdate() : q);
}

/** The member's most recently changed open draft. */
export function latestOpenDraft(on: Db, memberId: string): Promise<JobDraftEntity | null> {
  return oneDraft(
    on,
    db.selectFrom('job_drafts').selectAll().where('member_id', '=', memberId).where('status', '=', 'open').orderBy('updated_at', 'desc').limit(1),
  );
}

/** One page of the member's open drafts, most recently changed first. */
export async function openDraftsPage(on: Db, memberId: string, offset: number, limit: number): Promise<JobDraftEntity[]> {
  const found = await rows(
    on,
    db
      .selectFrom('job_drafts')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('status', '=', 'open')
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset),
  );
  return found.map(toDraft);
}

/** How many open drafts the member has. */
export async function countOpenDrafts(on: Db, memberId: string): Promise<number> {
  const row = await first(
    on,
    db
      .selectFrom('job_drafts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('member_id', '=', memberId)
      .where('status', '=', 'open'),
  );
  return Number(row?.n ?? 0);
}

/** The member's draft a job was posted from. */
export function draftOfJob(on: Db, jobId: string, memberId: string): Promise<JobDraftEntity | null> {
  return oneDraft(on, db.selectFrom('job_drafts').selectAll().where('job_id', '=', jobId).where('member_id', '=', memberId).limit(1));
}

/** The posted draft a job came from, locked for the rest of the transaction. */
export function postedDraftOfJobLocked(on: Db, jobId: string): Promise<JobDraftEntity | null> {
  return oneDraft(on, db.selectFrom('job_drafts').selectAll().where('job_id', '=', jobId).where('status', '=', 'posted').limit(1).forUpdate());
}

/** The open-or-not draft a live record link's token hash names, locked when `lock`. */
export function draftByTokenHash(on: Db, tokenHash: string, lock = false): Promise<JobDraftEntity | null> {
  const q = db.selectFrom('job_drafts').selectAll().where('recording_token_hash', '=', tokenHash).limit(1);
  return oneDraft(on, lock ? q.forUpdate() : q);
}

/** A new draft, as given. */
export async function insertDraft(on: Db, draft: JobDraftEntity): Promise<JobDraftEntity> {
  await affected(
    on,
    db.insertInto('job_drafts').values({
      ...changes(draft),
      id: draft.id,
      member_id: draft.memberId,
      created_at: draft.createdAt,
    }),
  );
  return draft;
}

/** Writes a draft's state back to its row (which the caller holds locked). */
export async function updateDraft(on: Db, draft: JobDraftEntity): Promise<JobDraftEntity> {
  await affected(on, db.updateTable('job_drafts').set(changes(draft)).where('id', '=', draft.id));
  return draft;
}

/** Sets only a draft's model costs. */
export async function setDraftCosts(on: Db, id: string, costs: StoredCosts): Promise<number> {
  return affected(
    on,
    db
      .updateTable('job_drafts')
      .set({ costs: jsonb(costs)! })
      .where('id', '=', id),
  );
}

/** Every draft of a member, gone (account deletion). */
export function deleteMemberDrafts(on: Db, memberId: string): Promise<number> {
  return affected(on, db.deleteFrom('job_drafts').where('member_id', '=', memberId));
}
