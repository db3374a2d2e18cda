import { RECORDING_LIMITS } from '@marketplace/contracts';
import { advisoryXactLock, affected, type Db, first, type Json, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import { jsonb } from '../drafts/drafts.queries.js';
import type { RecordingEntity, StoredPart } from './recording.entity.js';

/** A draft_recordings row as PostgreSQL returns it. */
export type RecordingRow = Selectable<DB['draft_recordings']>;

/** A recording as the handlers use it; the jsonb columns hold what the recording's own code wrote. */
export function toRecording(row: RecordingRow): RecordingEntity {
  return {
    id: row.id,
    draftId: row.draft_id,
    memberId: row.member_id,
    status: row.status as RecordingEntity['status'],
    webcam: row.webcam,
    seconds: row.seconds,
    parts: row.parts as unknown as StoredPart[],
    analyzed: row.analyzed,
    summary: row.summary,
    transcript: row.transcript,
    findings: row.findings as unknown as RecordingEntity['findings'],
    moments: row.moments as unknown as RecordingEntity['moments'],
    acceptedMoments: row.accepted_moments as string[],
    checks: row.checks as unknown as RecordingEntity['checks'],
    approved: row.approved,
    acknowledged: row.acknowledged as unknown as RecordingEntity['acknowledged'],
    videoKey: row.video_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every column a change to a recording may write (all but its id, draft, owner and creation time). */
function changes(rec: RecordingEntity) {
  return {
    status: rec.status,
    webcam: rec.webcam,
    seconds: rec.seconds,
    parts: jsonb(rec.parts)!,
    analyzed: rec.analyzed,
    summary: rec.summary,
    transcript: rec.transcript,
    findings: jsonb(rec.findings)!,
    moments: jsonb(rec.moments)!,
    accepted_moments: jsonb(rec.acceptedMoments)!,
    checks: jsonb(rec.checks),
    approved: rec.approved,
    acknowledged: jsonb(rec.acknowledged)!,
    video_key: rec.videoKey,
    updated_at: rec.updatedAt,
  };
}

/** A recording by id, locked for the rest of the transaction when `lock`. */
export async function recordingById(on: Db, id: string, lock = false): Promise<RecordingEntity | null> {
  const q = db.selectFrom('draft_recordings').selectAll().where('id', '=', id).limit(1);
  const row = await first(on, lock ? q.forUpdate() : q);
  return row ? toRecording(row) : null;
}

/** A recording of the given draft, locked when `lock`; another draft's is none. */
export async function recordingOfDraftById(on: Db, id: string, draftId: string, lock = false): Promise<RecordingEntity | null> {
  const q = db.selectFrom('draft_recordings').selectAll().where('id', '=', id).where('draft_id', '=', draftId).limit(1);
  const row = await first(on, lock ? q.forUpdate() : q);
  return row ? toRecording(row) : null;
}

/** Every recording of a member, whatever its status. */
export async function recordingsOfMember(on: Db, memberId: string): Promise<RecordingEntity[]> {
  return (await rows(on, db.selectFrom('draft_recordings').selectAll().where('member_id', '=', memberId))).map(toRecording);
}

/** A new recording, as given. */
export async function insertRecording(on: Db, rec: RecordingEntity): Promise<RecordingEntity> {
  await affected(
    on,
    db.insertInto('draft_recordings').values({
      ...changes(rec),
      id: rec.id,
      draft_id: rec.draftId,
      member_id: rec.memberId,
      created_at: rec.createdAt,
    }),
  );
  return rec;
}

/** Writes a recording's state back to its row (which the caller holds locked). */
export async function updateRecording(on: Db, rec: RecordingEntity): Promise<RecordingEntity> {
  await affected(on, db.updateTable('draft_recordings').set(changes(rec)).where('id', '=', rec.id));
  return rec;
}

export function deleteRecording(on: Db, id: string): Promise<number> {
  return affected(on, db.deleteFrom('draft_recordings').where('id', '=', id));
}

/** Every recording of a member, gone (account deletion). */
export function deleteMemberRecordings(on: Db, memberId: string): Promise<number> {
  return affected(on, db.deleteFrom('draft_recordings').where('member_id', '=', memberId));
}

/** Objects queued for removal; one statement text whatever the number of keys. */
export function insertDiscards(on: Db, keys: readonly string[]): Promise<number> {
  return affected(
    on,
    db
      .insertInto('recording_discards')
      .columns(['key'])
      .expression(db.selectNoFrom(sql<string>`unnest(${keys}::text[])`.as('key')))
      .onConflict((oc) => oc.column('key').doNothing()),
  );
}

/** The oldest queued objects. */
export function queuedDiscards(on: Db, limit: number): Promise<{ key: string }[]> {
  return rows(on, db.selectFrom('recording_discards').select('key').orderBy('queued_at').limit(limit));
}

/** An object's queue row, once the object is removed. */
export function deleteDiscard(on: Db, key: string): Promise<number> {
  return affected(on, db.deleteFrom('recording_discards').where('key', '=', key));
}

/** Serialises quota checks of one member until the transaction ends, on every replica. */
export async function lockMemberQuota(on: Db, memberId: string): Promise<void> {
  await advisoryXactLock(on, 'recording-quota', memberId);
}

const NO_RECORDING = '00000000-0000-0000-0000-000000000000';

/** Bytes a member's recordings hold: each recording's parts, whatever its status, less one part when `except`. */
export async function memberRecordingBytes(on: Db, memberId: string, except?: { recordingId: string; index: number }): Promise<number> {
  const row = await first(
    on,
    db
      .selectFrom('draft_recordings as r')
      .crossJoinLateral(sql<{ p: Json }>`jsonb_array_elements(r.parts)`.as('p'))
      .select(sql<string>`coalesce(sum((p->>'size')::bigint), 0)::bigint`.as('bytes'))
      .where('r.member_id', '=', memberId)
      .where(sql<boolean>`not (r.id = ${except?.recordingId ?? NO_RECORDING}::uuid and (p->>'index')::int = ${except?.index ?? -1})`),
  );
  return Number(row?.bytes ?? 0);
}

/** Which recordings the sweep deletes (see RecordingSweepTask). */
export type SweptRecordings = 'abandoned' | 'unreferenced' | 'discardedDrafts';

function sweptIds(which: SweptRecordings, batch: number) {
  const recs = db.selectFrom('draft_recordings as r').select('r.id');
  const chosen =
    which === 'abandoned'
      ? recs
          .where('r.status', '=', 'uploading')
          .where(sql<boolean>`greatest(r.created_at, r.updated_at) < now() - make_interval(mins => ${sql.lit(RECORDING_LIMITS.linkMinutes)})`)
      : which === 'unreferenced'
        ? recs.where('r.status', '<>', 'uploading').where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('job_drafts as d')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('d.id', '=', 'r.draft_id')
                  .where('d.status', '<>', 'discarded')
                  .whereRef('d.recording_id', '=', 'r.id'),
              ),
            ),
          )
        : recs.where((eb) =>
            eb.or([
              eb.exists(
                eb
                  .selectFrom('job_drafts as d')
                  .select(sql<number>`1`.as('one'))
                  .whereRef('d.id', '=', 'r.draft_id')
                  .where('d.status', '=', 'discarded'),
              ),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('job_drafts as d')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('d.id', '=', 'r.draft_id'),
                ),
              ),
            ]),
          );
  return chosen.limit(batch).forUpdate().skipLocked();
}

/**
 * Deletes up to `batch` recordings of one kind (rows another sweep holds are skipped), queueing
 * every key they hold in the same statement: parts, the joined video, and the video's own key.
 * Answers how many it deleted.
 */
export async function deleteSweptRecordings(on: Db, which: SweptRecordings, batch: number): Promise<number> {
  const row = await first(
    on,
    db
      .with('gone', (qc) => qc.deleteFrom('draft_recordings').where('id', 'in', sweptIds(which, batch)).returning(['id', 'parts', 'video_key']))
      .with('queued', (qc) =>
        qc
          .insertInto('recording_discards')
          .columns(['key'])
          .expression(
            qc
              .selectFrom('gone')
              .crossJoinLateral(sql<{ p: Json }>`jsonb_array_elements(gone.parts)`.as('p'))
              .select(sql<string>`p->>'key'`.as('key'))
              .union(
                qc
                  .selectFrom('gone')
                  .select(sql<string>`video_key`.as('key'))
                  .where('video_key', 'is not', null),
              ),
          )
          .onConflict((oc) => oc.column('key').doNothing())
          .returning(sql<number>`1`.as('one')),
      )
      .selectFrom('gone')
      .select(sql<number>`count(*)::int`.as('n')),
  );
  return row?.n ?? 0;
}

/** Which of these recording ids still have a row; one statement text whatever their number. */
export async function liveRecordingIds(on: Db, ids: readonly string[]): Promise<string[]> {
  const found = await rows(
    on,
    db
      .selectFrom('draft_recordings')
      .select(sql<string>`id::text`.as('id'))
      .where(sql<boolean>`id = any(${ids}::uuid[])`),
  );
  return found.map((r) => r.id);
}
