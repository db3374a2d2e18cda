import type { JobMember, SubmissionStatus } from '@marketplace/contracts';
import { type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';
import type { HireRow, HireShape } from '../hiring/hiring.queries.js';

export type SubmissionShape = {
  status: SubmissionStatus;
  links: { url: string; label: string | null }[];
  files: { id: string; path: string; size: number }[];
};
export type SubmissionRow = Omit<Selectable<DB['submissions']>, keyof SubmissionShape> & SubmissionShape;

export type RatingShape = { as: 'worker' | 'poster'; by: JobMember };
export type RatingRow = Omit<Selectable<DB['ratings']>, keyof RatingShape> & RatingShape;

/** The job's hire that is not cancelled, if any; `forUpdate` locks it for the rest of the transaction. */
export function liveHire(on: Db, jobId: string, opts: { forUpdate?: boolean } = {}): Promise<HireRow | undefined> {
  const query = db.selectFrom('hires').selectAll().where('job_id', '=', jobId).where('status', '<>', 'cancelled').$narrowType<HireShape>();
  return first(on, opts.forUpdate ? query.forUpdate() : query);
}

/** Writes a hire's step: its status and times. */
export async function updateHire(
  on: Db,
  id: string,
  set: Partial<Pick<HireRow, 'status' | 'updated_at' | 'completed_at' | 'cancel_requested_at'>>,
): Promise<void> {
  await rows(on, db.updateTable('hires').set(set).where('id', '=', id));
}

/** The hire's rounds of work, the latest first. */
export function submissionsOf(on: Db, hireId: string): Promise<SubmissionRow[]> {
  return rows(on, db.selectFrom('submissions').selectAll().where('hire_id', '=', hireId).orderBy('round', 'desc').$narrowType<SubmissionShape>());
}

/** The ratings given on the hire (at most one per side). */
export function ratingsOf(on: Db, hireId: string): Promise<RatingRow[]> {
  return rows(on, db.selectFrom('ratings').selectAll().where('hire_id', '=', hireId).$narrowType<RatingShape>());
}

/** Records the poster's decision on the round under review; returns its number (0 when none was waiting). */
export async function decideLatestRound(on: Db, hireId: string, status: 'changes_requested' | 'approved', feedback: string | null): Promise<number> {
  const row = await first(
    on,
    db
      .updateTable('submissions')
      .set({ status, feedback, decided_at: sql<Date>`now()` })
      .where('id', '=', (eb) => eb.selectFrom('submissions').select('id').where('hire_id', '=', hireId).orderBy('round', 'desc').limit(1))
      .where('status', '=', 'submitted')
      .returning('round'),
  );
  return row?.round ?? 0;
}

/** The last round turned in on the hire, 0 before the first. */
export async function lastRound(on: Db, hireId: string): Promise<number> {
  const row = await first(
    on,
    db
      .selectFrom('submissions')
      .select(sql<number>`coalesce(max(round), 0)::int`.as('last'))
      .where('hire_id', '=', hireId),
  );
  return row?.last ?? 0;
}

export async function insertSubmission(on: Db, s: SubmissionRow): Promise<void> {
  await rows(on, db.insertInto('submissions').values({ ...s, links: JSON.stringify(s.links), files: JSON.stringify(s.files) }));
}

export async function insertRating(on: Db, r: RatingRow): Promise<void> {
  await rows(on, db.insertInto('ratings').values({ ...r, by: JSON.stringify(r.by) }));
}

/** How many ratings the hire has from the given side. */
export async function countRatings(on: Db, hireId: string, as: RatingRow['as']): Promise<number> {
  const row = await first(
    on,
    db
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('hire_id', '=', hireId)
      .where('as', '=', as),
  );
  return Number(row?.n ?? 0);
}

/**
 * The hire's application becomes cancelled and the applications it displaced wait again, as if
 * never declined.
 */
export async function cancelHiredApplication(on: Db, hireId: string, at: Date): Promise<void> {
  await rows(on, db.updateTable('applications').set({ status: 'cancelled', decided_at: at }).where('id', '=', hireId));
  await rows(
    on,
    db
      .updateTable('applications')
      .set({ status: 'submitted', decided_at: null, displaced_by: null })
      .where('displaced_by', '=', hireId)
      .where('status', '=', 'declined'),
  );
}
