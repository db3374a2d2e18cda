import type { ApplicationStatus, JobVersion } from '@marketplace/contracts';
import { type Db, first, type Insertable, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { ApplicantSnapshot, ContactSnapshot } from './application.entity.js';

/** What the schema's text and jsonb columns of an application hold (written only by this service). */
export type ApplicationShape = {
  status: ApplicationStatus;
  visibility: 'anonymous' | 'public';
  applied_to: JobVersion;
  applicant: ApplicantSnapshot;
  poster_contact: ContactSnapshot | null;
};

export type ApplicationRow = Omit<Selectable<DB['applications']>, keyof ApplicationShape> & ApplicationShape;

/** Which application: by id, and as the caller may see it (on the poster's jobs, or the applicant's own). */
export interface ApplicationKey {
  id: string;
  poster_id?: string;
  applicant_id?: string;
}

function byKey(key: ApplicationKey) {
  let query = db.selectFrom('applications').selectAll().where('id', '=', key.id);
  if (key.poster_id !== undefined) query = query.where('poster_id', '=', key.poster_id);
  if (key.applicant_id !== undefined) query = query.where('applicant_id', '=', key.applicant_id);
  return query.$narrowType<ApplicationShape>();
}

/** The application, or undefined; `forUpdate` takes its row lock for the rest of the transaction. */
export function findApplication(on: Db, key: ApplicationKey, opts: { forUpdate?: boolean } = {}): Promise<ApplicationRow | undefined> {
  const query = byKey(key);
  return first(on, opts.forUpdate ? query.forUpdate() : query);
}

/** An application's status, read again inside a transaction. */
export function applicationStatus(on: Db, id: string): Promise<{ status: string } | undefined> {
  return first(on, db.selectFrom('applications').select('status').where('id', '=', id));
}

/** Records a decision (declined, withdrawn) on one application. */
export async function setApplicationDecision(on: Db, id: string, status: ApplicationStatus, decidedAt: Date): Promise<void> {
  await rows(on, db.updateTable('applications').set({ status, decided_at: decidedAt }).where('id', '=', id));
}

/**
 * What applying must know before it writes, in one round trip: whether the job is known closed
 * (job.closed was consumed), and whether the member has an application to it that is not withdrawn.
 */
export async function applyingChecks(on: Db, jobId: string, applicantId: string): Promise<{ closed: boolean; applied: boolean }> {
  const row = await first(
    on,
    db.selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('closed_jobs')
            .select(sql<number>`1`.as('one'))
            .where('job_id', '=', jobId),
        )
        .as('closed'),
      eb
        .exists(
          eb
            .selectFrom('applications')
            .select(sql<number>`1`.as('one'))
            .where('job_id', '=', jobId)
            .where('applicant_id', '=', applicantId)
            .where('status', '<>', 'withdrawn'),
        )
        .as('applied'),
    ]),
  );
  return { closed: row?.closed === true, applied: row?.applied === true };
}

/** A new application; its jsonb snapshots are written as JSON text. */
export async function insertApplication(on: Db, row: ApplicationRow): Promise<void> {
  const values: Insertable<DB['applications']> = {
    ...row,
    applied_to: JSON.stringify(row.applied_to),
    applicant: JSON.stringify(row.applicant),
    poster_contact: row.poster_contact === null ? null : JSON.stringify(row.poster_contact),
  };
  await rows(on, db.insertInto('applications').values(values));
}

/** The member's most recent application to the job, withdrawn included. */
export function latestApplication(on: Db, jobId: string, applicantId: string): Promise<ApplicationRow | undefined> {
  return first(
    on,
    db
      .selectFrom('applications')
      .selectAll()
      .where('job_id', '=', jobId)
      .where('applicant_id', '=', applicantId)
      .orderBy('created_at', 'desc')
      .limit(1)
      .$narrowType<ApplicationShape>(),
  );
}

/** One page of the member's applications, newest first, and how many they have in all. */
export async function myApplicationsPage(on: Db, applicantId: string, offset: number, limit: number): Promise<{ rows: ApplicationRow[]; total: number }> {
  const page = await rows(
    on,
    db
      .selectFrom('applications')
      .selectAll()
      .where('applicant_id', '=', applicantId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .$narrowType<ApplicationShape>(),
  );
  const count = await first(
    on,
    db
      .selectFrom('applications')
      .select((eb) => eb.fn.count('id').distinct().as('n'))
      .where('applicant_id', '=', applicantId),
  );
  return { rows: page, total: Number(count?.n ?? 0) };
}
