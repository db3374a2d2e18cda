import type { JobStatus } from '@marketplace/contracts';
import { affected, type Db, first, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { lit } from '../jobs/jobs.queries.js';

/** The job's status is one of the contract's; the service writes nothing else. */
interface StatusVocabulary {
  status: JobStatus;
}

/** Whether the member is the job's current hired worker. */
export async function isJobWorker(on: Db, jobId: string, memberId: string): Promise<boolean> {
  const row = await first(on, db.selectFrom('jobs').select('id').where('id', '=', jobId).where('worker_id', '=', memberId));
  return row !== undefined;
}

/** The job's hire and when its current version was written. */
export function hireOf(on: Db, jobId: string) {
  return first(
    on,
    db
      .selectFrom('jobs as j')
      .innerJoin('job_versions as v', (join) => join.onRef('v.job_id', '=', 'j.id').onRef('v.version', '=', 'j.version'))
      .select(['j.worker_id', 'j.hired_application_id', 'v.created_at as version_created_at'])
      .where('j.id', '=', jobId),
  );
}

export interface StatusMove {
  jobId: string;
  /** The statuses the job may be in for the move to happen. */
  from: JobStatus[];
  to: JobStatus;
  hiredApplicationId: string;
  workerId: string | null;
  /** Leaving `open`: the hire is recorded. */
  hiring: boolean;
  /** A reopened job takes applications for another 14 days. */
  reopen: boolean;
}

/**
 * One UPDATE guarded by the expected status, a compare-and-set under the row lock: from `open` only
 * while the job is live and the move is a hire; from any other status only for the hire recorded.
 * Returns the job's new status and hire, or undefined when it did not move.
 */
export function moveStatus(on: Db, m: StatusMove) {
  return first(
    on,
    db
      .updateTable('jobs')
      .set((eb) => ({
        status: m.to,
        worker_id: m.hiring ? sql<string>`${m.workerId}::uuid` : m.to === 'open' ? null : eb.ref('worker_id'),
        hired_application_id: m.hiring ? sql<string>`${m.hiredApplicationId}::uuid` : m.to === 'open' ? null : eb.ref('hired_application_id'),
        closes_at: m.reopen ? sql<Date>`now() + interval '14 days'` : eb.ref('closes_at'),
      }))
      .where('id', '=', m.jobId)
      .where('status', '=', (eb) => eb.fn.any(sql<string[]>`${m.from}::text[]`))
      .where((eb) =>
        eb
          .case()
          .when('status', '=', lit('open'))
          .then(eb.and([eb.not(eb.ref('safety_hidden')), eb.or([eb('closes_at', 'is', null), eb('closes_at', '>', sql<Date>`now()`)]), eb.lit(m.hiring)]))
          .else(eb('hired_application_id', '=', sql<string>`${m.hiredApplicationId}::uuid`))
          .end(),
      )
      .returning(['status', 'hired_application_id'])
      .$narrowType<StatusVocabulary>(),
  );
}

/** The job's status and hire as they are. */
export function statusOf(on: Db, jobId: string) {
  return first(on, db.selectFrom('jobs').select(['status', 'hired_application_id']).$narrowType<StatusVocabulary>().where('id', '=', jobId));
}

/** One more application received. */
export function countApplicant(on: Db, jobId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set((eb) => ({ applicants: eb('applicants', '+', 1) }))
      .where('id', '=', jobId),
  );
}

/** One application withdrawn; the count never goes below zero. */
export function uncountApplicant(on: Db, jobId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set((eb) => ({ applicants: eb.fn('greatest', [eb('applicants', '-', 1), eb.lit(0)]) }))
      .where('id', '=', jobId),
  );
}
