import type { PublicRating } from '@marketplace/contracts';
import { type Db, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/** The jobs of the member's hired work that is neither completed nor cancelled, on either side, newest first. */
export function activeWorkJobIds(on: Db, memberId: string): Promise<{ job_id: string }[]> {
  return rows(
    on,
    db
      .selectFrom('hires')
      .select('job_id')
      .where((eb) => eb.or([eb('poster_id', '=', memberId), eb('worker_id', '=', memberId)]))
      .where('status', 'not in', ['completed', 'cancelled'])
      .orderBy('created_at', 'desc'),
  );
}

/** The jobs the member was hired for, most recently decided first. */
export function jobsDone(on: Db, memberId: string): Promise<{ job_id: string }[]> {
  return rows(
    on,
    db.selectFrom('applications').select('job_id').where('applicant_id', '=', memberId).where('status', '=', 'accepted').orderBy('decided_at', 'desc'),
  );
}

/**
 * The member's public ratings (on completed hires), newest first, but those they received as the
 * poster of an anonymous job.
 */
export function publicRatings(on: Db, memberId: string, limit: number) {
  return rows(
    on,
    db
      .selectFrom('ratings as r')
      .innerJoin('hires as h', 'h.id', 'r.hire_id')
      .select(['r.score', 'r.description', 'r.as', 'r.job_id', 'h.title', 'r.by', 'r.created_at', 'h.poster_visibility'])
      .where('r.ratee_id', '=', memberId)
      .where('h.status', '=', 'completed')
      .where((eb) => eb.not(eb.and([eb('r.as', '=', 'poster'), eb('h.poster_visibility', '=', 'anonymous')])))
      .orderBy('r.created_at', 'desc')
      .limit(limit)
      .$narrowType<{ as: 'worker' | 'poster'; by: PublicRating['by']; poster_visibility: 'public' | 'anonymous' }>(),
  );
}

/** Each member's average score and count of public ratings (those on completed hires); members with none are left out. */
export function ratingAverages(on: Db, memberIds: string[]): Promise<{ ratee_id: string; average: number; count: number }[]> {
  return rows(
    on,
    db
      .selectFrom('ratings as r')
      .innerJoin('hires as h', 'h.id', 'r.hire_id')
      .select(['r.ratee_id', sql<number>`avg(r.score)::float`.as('average'), sql<number>`count(*)::int`.as('count')])
      .where(sql<boolean>`r.ratee_id = any(${memberIds}::uuid[])`)
      .where('h.status', '=', 'completed')
      .groupBy('r.ratee_id'),
  );
}

/** Accepted applications per member; members with none are left out. */
export function acceptedCounts(on: Db, memberIds: string[]): Promise<{ applicant_id: string; n: number }[]> {
  return rows(
    on,
    db
      .selectFrom('applications')
      .select(['applicant_id', sql<number>`count(*)::int`.as('n')])
      .where(sql<boolean>`applicant_id = any(${memberIds}::uuid[])`)
      .where('status', '=', 'accepted')
      .groupBy('applicant_id'),
  );
}
