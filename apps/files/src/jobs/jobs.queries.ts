import { affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { FileKinds, FileRow } from '../files/files.queries.js';

/*
 * The statements of job areas (the grant per hire, the job's files, turned-in files), typed from
 * the migrated files schema.
 */

/** The files service's record of a job area: who posted it, the hire it last saw and the grant for that hire. */
export type JobAreaRow = Selectable<DB['job_areas']>;

/** A turned-in file as the submission names it. */
export type TurnInRow = Pick<Selectable<DB['files']>, 'id' | 'path' | 'size'>;

const now = () => sql<Date>`now()`;
/** A list of file ids as one uuid[] parameter: the same statement for any number of them. */
const anyId = (ids: readonly string[]) => sql<boolean>`id = any(${ids}::uuid[])`;

/**
 * Records the job's poster and current hire; the grant holds only while the hire stays the one
 * it was given to (a hire not seen before starts without access). The row as it is now.
 */
export async function syncJobArea(on: Db, area: { jobId: string; posterId: string; hireId: string | null; workerId: string | null }): Promise<JobAreaRow> {
  const row = await first(
    on,
    db
      .insertInto('job_areas')
      .values({ job_id: area.jobId, poster_id: area.posterId, hire_id: area.hireId, worker_id: area.workerId, worker_access: false })
      .onConflict((oc) =>
        oc.column('job_id').doUpdateSet((eb) => ({
          worker_access: eb
            .and([eb.ref('job_areas.worker_access'), eb('job_areas.hire_id', 'is not distinct from', eb.ref('excluded.hire_id'))])
            .$castTo<boolean>(),
          poster_id: eb.ref('excluded.poster_id'),
          hire_id: eb.ref('excluded.hire_id'),
          worker_id: eb.ref('excluded.worker_id'),
        })),
      )
      .returningAll(),
  );
  return row!;
}

/** A job area's row locked FOR UPDATE. */
export function lockJobArea(on: Db, jobId: string): Promise<JobAreaRow | undefined> {
  return first(on, db.selectFrom('job_areas').selectAll().where('job_id', '=', jobId).forUpdate());
}

/** The poster's grant to the current hire set (or withdrawn) now. */
export async function setWorkerAccess(on: Db, jobId: string, allowed: boolean): Promise<void> {
  await affected(on, db.updateTable('job_areas').set({ worker_access: allowed, access_changed_at: now() }).where('job_id', '=', jobId));
}

/** A cancelled hire's grant withdrawn (only that hire's, only when it was on). */
export async function revokeHireAccess(on: Db, jobId: string, hireId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('job_areas')
      .set({ worker_access: false, access_changed_at: now() })
      .where('job_id', '=', jobId)
      .where('hire_id', '=', hireId)
      .where('worker_access', '=', true),
  );
}

/** Every file of a job's area, poster folder first, oldest first in each. */
export function jobAreaFiles(on: Db, jobId: string): Promise<FileRow[]> {
  return rows(
    on,
    db
      .selectFrom('files')
      .selectAll()
      .where('area', '=', 'job')
      .where('owner_id', '=', jobId)
      .orderBy('folder')
      .orderBy('created_at')
      .orderBy('id')
      .$narrowType<FileKinds>(),
  );
}

/** The ready worker-folder files of the job uploaded under this hire, among `ids`, locked FOR UPDATE. */
export function lockHireFiles(on: Db, ids: readonly string[], jobId: string, hireId: string): Promise<TurnInRow[]> {
  return rows(
    on,
    db
      .selectFrom('files')
      .select(['id', 'path', 'size'])
      .where(anyId(ids))
      .where('area', '=', 'job')
      .where('owner_id', '=', jobId)
      .where('folder', '=', 'worker')
      .where('hire_id', '=', hireId)
      .where('status', '=', 'ready')
      .forUpdate(),
  );
}

/**
 * Files turned in provisionally for a submission, until `pendingSeconds` from now: a file
 * already turned in for good stays so (its first time kept); a provisional one moves to this submission.
 */
export async function turnInProvisionally(on: Db, ids: readonly string[], submissionId: string, pendingSeconds: number): Promise<number> {
  return affected(
    on,
    db
      .updateTable('files')
      .set({
        turned_in_at: sql<Date>`coalesce(turned_in_at, now())`,
        turn_in_id: submissionId,
        turn_in_pending_until: sql<Date>`now() + make_interval(secs => ${pendingSeconds})`,
      })
      .where(anyId(ids))
      .where((eb) => eb.or([eb('turned_in_at', 'is', null), eb('turn_in_pending_until', 'is not', null)])),
  );
}

/** Provisional turn-ins freed: a submission's, or every one past its deadline; the files freed. */
export function releaseProvisionalTurnIns(on: Db, where: { submissionId: string } | { expired: true }): Promise<{ id: string }[]> {
  return rows(
    on,
    db
      .updateTable('files')
      .set({ turned_in_at: null, turn_in_id: null, turn_in_pending_until: null })
      .where('turn_in_pending_until', 'is not', null)
      .where((eb) => ('submissionId' in where ? eb('turn_in_id', '=', where.submissionId) : eb('turn_in_pending_until', '<', now())))
      .returning('id'),
  );
}

/** A committed submission's files turned in for good (ready worker-folder files of the job under this hire). */
export async function confirmTurnIns(on: Db, ids: readonly string[], jobId: string, hireId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('files')
      .set({ turned_in_at: sql<Date>`coalesce(turned_in_at, now())`, turn_in_id: null, turn_in_pending_until: null })
      .where(anyId(ids))
      .where('area', '=', 'job')
      .where('owner_id', '=', jobId)
      .where('folder', '=', 'worker')
      .where('hire_id', '=', hireId)
      .where('status', '=', 'ready'),
  );
}
