import { type Db, rows, sql } from '@marketplace/service-kit';

import type { ApplicantSnapshot } from '../applying/application.entity.js';
import { db } from '../database/db.js';

/** Puts the member's public card (name, headline, photo) on the applicant snapshot of their applications. */
export async function updateApplicantCard(on: Db, memberId: string, card: { name: string; headline: string | null; photoUrl: string | null }): Promise<void> {
  await rows(
    on,
    db
      .updateTable('applications')
      .set({
        applicant: sql<string>`applicant || jsonb_build_object('name', ${card.name}::text, 'headline', ${card.headline}::text, 'photoUrl', ${card.photoUrl}::text)`,
      })
      .where('applicant_id', '=', memberId),
  );
}

/**
 * A page of the job's applicants but the withdrawn ones, with how many times each was hired (the
 * most hired first, then oldest first); reads `limit` rows as given.
 */
export function applicantsPage(on: Db, jobId: string, offset: number, limit: number) {
  return rows(
    on,
    db
      .selectFrom('applications as a')
      .select((eb) => [
        'a.id',
        'a.applicant_id',
        'a.visibility',
        'a.applicant',
        'a.created_at',
        eb
          .selectFrom('applications as x')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('x.applicant_id', '=', 'a.applicant_id')
          .where('x.status', '=', 'accepted')
          .$asScalar()
          .$notNull()
          .as('hired'),
      ])
      .where('a.job_id', '=', jobId)
      .where('a.status', '<>', 'withdrawn')
      .orderBy('hired', 'desc')
      .orderBy('a.created_at', 'asc')
      .orderBy('a.id', 'asc')
      .offset(offset)
      .limit(limit)
      .$narrowType<{ visibility: 'anonymous' | 'public'; applicant: ApplicantSnapshot }>(),
  );
}

/** The members with a waiting application to the job. */
export function waitingApplicantIds(on: Db, jobId: string): Promise<{ applicant_id: string }[]> {
  return rows(on, db.selectFrom('applications').select('applicant_id').distinct().where('job_id', '=', jobId).where('status', '=', 'submitted'));
}
