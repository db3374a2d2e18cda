import type { JobMember } from '@marketplace/contracts';
import { advisoryXactLock, advisoryXactLockShared, type Db, rows, type Selectable, sql } from '@marketplace/service-kit';

import type { ContactSnapshot } from '../applying/application.entity.js';
import { type ApplicationRow, type ApplicationShape } from '../applying/applications.queries.js';
import { type DB, db } from '../database/db.js';
import type { HireStatus } from './hire.entity.js';

/** What the schema's text and jsonb columns of a hire hold (written only by this service). */
export type HireShape = {
  status: HireStatus;
  poster_visibility: 'public' | 'anonymous';
  poster: JobMember;
  worker: JobMember;
};

export type HireRow = Omit<Selectable<DB['hires']>, keyof HireShape> & HireShape;

/** A transaction-scoped advisory lock on the key, held until the transaction ends. */
export async function advisoryLock(on: Db, key: string): Promise<void> {
  await advisoryXactLock(on, key);
}

/**
 * Per job, the job.closed consumer against applying: it takes this lock alone, so it waits for
 * every application in flight and none starts until it committed (held until the transaction ends).
 */
export function lockJobState(on: Db, jobId: string): Promise<void> {
  return advisoryLock(on, `job-state:${jobId}`);
}

/**
 * An application's side of `lockJobState`: shared, so applications to one job do not queue on
 * each other (a popular job takes them at once), only on the job's close.
 */
export function shareJobState(on: Db, jobId: string): Promise<void> {
  return advisoryXactLockShared(on, `job-state:${jobId}`);
}

/** The key of the lock that serialises accepting applications to one job (taken by `lockHiringSharingMembers`). */
export function hiringKey(jobId: string): string {
  return `hire:${jobId}`;
}

/** Remembers that the job closed; the first close stands. */
export async function recordClosedJob(on: Db, jobId: string, closedAt: Date): Promise<void> {
  await rows(
    on,
    db
      .insertInto('closed_jobs')
      .values({ job_id: jobId, closed_at: closedAt })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** Declines every application still waiting on a closed job; returns those it declined. */
export function declineWaitingOnClosedJob(
  on: Db,
  jobId: string,
  decidedAt: Date,
): Promise<{ id: string; applicant_id: string; poster_id: string; title: string }[]> {
  return rows(
    on,
    db
      .updateTable('applications')
      .set({ status: 'declined', decided_at: decidedAt })
      .where('job_id', '=', jobId)
      .where('status', '=', 'submitted')
      .returning(['id', 'applicant_id', 'poster_id', sql<string>`applied_to->>'title'`.as('title')]),
  );
}

/** Whether the job has a hire that is not cancelled. */
export async function hasLiveHire(on: Db, jobId: string): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('hires')
      .select(sql<number>`1`.as('one'))
      .where('job_id', '=', jobId)
      .where('status', '<>', 'cancelled'),
  );
  return found.length > 0;
}

export async function hireExists(on: Db, id: string): Promise<boolean> {
  const found = await rows(
    on,
    db
      .selectFrom('hires')
      .select(sql<number>`1`.as('one'))
      .where('id', '=', id),
  );
  return found.length > 0;
}

/**
 * A hire's writes in one statement (data-modifying CTEs, one round trip where they were three):
 * the application accepted with the poster's contact shared, the hire row, and the job's other
 * waiting applications declined as displaced by it. Returns those it declined. The accepted row is
 * left out of the decline by its id (every part sees the statement's one snapshot, where it still
 * waits).
 */
export function recordHire(on: Db, hire: HireRow, posterContact: ContactSnapshot): Promise<{ id: string; applicant_id: string }[]> {
  return rows(
    on,
    db
      .with('accepted', (qc) =>
        qc
          .updateTable('applications')
          .set({ status: 'accepted', decided_at: hire.created_at, poster_contact: JSON.stringify(posterContact) })
          .where('id', '=', hire.id)
          .returning('id'),
      )
      .with('hire', (qc) =>
        qc
          .insertInto('hires')
          .values({ ...hire, poster: JSON.stringify(hire.poster), worker: JSON.stringify(hire.worker) })
          .returning('id'),
      )
      .updateTable('applications')
      .set({ status: 'declined', decided_at: hire.created_at, displaced_by: hire.id })
      .where('job_id', '=', hire.job_id)
      .where('status', '=', 'submitted')
      .where('id', '<>', hire.id)
      .returning(['id', 'applicant_id']),
  );
}

/** The job's applications but the withdrawn ones, oldest first. */
export function jobApplications(on: Db, jobId: string): Promise<ApplicationRow[]> {
  return rows(
    on,
    db
      .selectFrom('applications')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('status', '<>', 'withdrawn')
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .$narrowType<ApplicationShape>(),
  );
}
