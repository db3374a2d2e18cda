import { affected, type Db, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { lit } from '../jobs/jobs.queries.js';

/** An application the poster received, kept once for the performance report. */
export function recordApplication(
  on: Db,
  a: {
    applicationId: string;
    jobId: string;
    posterId: string;
    viaAgent: boolean;
    submittedAt: string;
  },
): Promise<number> {
  return affected(
    on,
    db
      .insertInto('application_records')
      .values({
        application_id: a.applicationId,
        job_id: a.jobId,
        poster_id: a.posterId,
        via_agent: a.viaAgent,
        submitted_at: a.submittedAt,
      })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** One job seen by one viewer on one day (`YYYY-MM-DD`). */
export interface AudienceRow {
  jobId: string;
  day: string;
  kind: 'impression' | 'view';
  viewer: string;
  posterId: string;
}

/** Impressions and views written in one statement; one already counted that day is kept as it was. */
export function insertAudience(on: Db, seen: AudienceRow[]): Promise<number> {
  const column = <K extends keyof AudienceRow>(k: K) => seen.map((r) => r[k]);
  return affected(
    on,
    db
      .insertInto('job_audience')
      .columns(['job_id', 'day', 'kind', 'viewer', 'poster_id'])
      .expression(
        sql<{ job_id: string; day: string; kind: string; viewer: string; poster_id: string }>`SELECT * FROM unnest(
      ${column('jobId')}::uuid[], ${column('day')}::date[], ${column('kind')}::text[], ${column('viewer')}::text[], ${column('posterId')}::uuid[])`,
      )
      .onConflict((oc) => oc.doNothing()),
  );
}

/** A poster's audience by job, day (`YYYY-MM-DD`) and kind, over days from `from` up to `to` (exclusive). */
export function audienceOf(on: Db, posterId: string, from: string, to: string) {
  return rows(
    on,
    db
      .selectFrom('job_audience')
      .select(['job_id', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'kind', sql<number>`count(*)::int`.as('n')])
      .$narrowType<{ kind: 'impression' | 'view' }>()
      .where('poster_id', '=', posterId)
      .where('day', '>=', sql<Date>`${from}::date`)
      .where('day', '<', sql<Date>`${to}::date`)
      .groupBy(['job_id', 'day', 'kind']),
  );
}

/** A poster's applications by job and UTC day (`YYYY-MM-DD`), with how many came through an agent. */
export function applicationsOf(on: Db, posterId: string, from: Date, to: Date) {
  const day = sql<string>`to_char(submitted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  return rows(
    on,
    db
      .selectFrom('application_records')
      .select(['job_id', day.as('day'), sql<number>`count(*)::int`.as('n'), sql<number>`(count(*) FILTER (WHERE via_agent))::int`.as('agent')])
      .where('poster_id', '=', posterId)
      .where('submitted_at', '>=', from)
      .where('submitted_at', '<', to)
      .groupBy(['job_id', day]),
  );
}

/** The poster's jobs they can still see (not closed, not expired), newest first, at most 500. */
export function reportedJobsOf(on: Db, posterId: string) {
  return rows(
    on,
    db
      .selectFrom('jobs')
      .select(['id', 'title', 'status'])
      .where('poster_id', '=', posterId)
      .where('status', '<>', lit('closed'))
      .where((eb) => eb.not(eb.and([eb('status', '=', lit('open')), eb('closes_at', '<=', sql<Date>`now()`)])))
      .orderBy('created_at', 'desc')
      .limit(sql.lit(500)),
  );
}

/** Which of the jobs named are open, with their posters. */
export function openJobsAmong(on: Db, ids: string[]) {
  return rows(
    on,
    db
      .selectFrom('jobs')
      .select(['id', 'poster_id'])
      .where('id', '=', (eb) => eb.fn.any(sql<string[]>`${ids}::uuid[]`))
      .where('status', '=', lit('open')),
  );
}
