import { affected, type Db, first, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { lit } from '../jobs/jobs.queries.js';

const now = sql<Date>`now()`;

/** What a team job shows. */
const COLUMNS = ['id', 'team_id', 'company', 'posted_by', 'title', 'budget', 'constraints', 'status', 'created_at', 'closes_at'] as const;

/** A team job is open, filled or closed; the service writes nothing else. */
interface TeamJobVocabulary {
  status: 'open' | 'filled' | 'closed';
}

/** A team job. */
export function findTeamJob(on: Db, id: string) {
  return first(on, db.selectFrom('team_jobs').select(COLUMNS).$narrowType<TeamJobVocabulary>().where('id', '=', id));
}

export type TeamJobRow = NonNullable<Awaited<ReturnType<typeof findTeamJob>>>;

/** Open team jobs not past closing, newest first (all of them when `limit` is undefined). */
export function openTeamJobs(on: Db, limit: number | undefined): Promise<TeamJobRow[]> {
  return rows(
    on,
    db
      .selectFrom('team_jobs')
      .select(COLUMNS)
      .$narrowType<TeamJobVocabulary>()
      .where('status', '=', lit('open'))
      .where('closes_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit ?? null),
  );
}

/** Every job of a team, newest first. */
export function jobsOfTeam(on: Db, teamId: string): Promise<TeamJobRow[]> {
  return rows(
    on,
    db
      .selectFrom('team_jobs')
      .select(COLUMNS)
      .$narrowType<TeamJobVocabulary>()
      .where('team_id', '=', teamId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  );
}

export interface NewTeamJob {
  id: string;
  teamId: string;
  company: string;
  postedBy: string;
  title: string;
  budget: number;
  constraints: string;
  createdAt: Date;
  closesAt: Date;
}

/** A new open team job, as it reads once written. */
export async function insertTeamJob(on: Db, job: NewTeamJob): Promise<TeamJobRow> {
  const row = await first(
    on,
    db
      .insertInto('team_jobs')
      .values({
        id: job.id,
        team_id: job.teamId,
        company: job.company,
        posted_by: job.postedBy,
        title: job.title,
        budget: job.budget,
        constraints: job.constraints,
        status: 'open',
        created_at: job.createdAt,
        closes_at: job.closesAt,
      })
      .returning(COLUMNS)
      .$narrowType<TeamJobVocabulary>(),
  );
  if (!row) throw new Error('an inserted team job returned no row');
  return row;
}

/** The listing fee of a team job, recorded (never charged here). */
export function recordListingFee(on: Db, fee: { jobId: string; teamId: string; memberId: string; amountDollars: number; recordedAt: Date }): Promise<number> {
  return affected(
    on,
    db.insertInto('listing_fees').values({
      job_id: fee.jobId,
      team_id: fee.teamId,
      member_id: fee.memberId,
      amount_dollars: fee.amountDollars,
      charged: false,
      recorded_at: fee.recordedAt,
    }),
  );
}

/** The team closes its job while it is open and not past closing; undefined when it was not. */
export function closeTeamJob(on: Db, id: string) {
  return first(
    on,
    db
      .updateTable('team_jobs')
      .set({ status: 'closed', decided_at: now })
      .where('id', '=', id)
      .where('status', '=', lit('open'))
      .where('closes_at', '>', now)
      .returning(COLUMNS)
      .$narrowType<TeamJobVocabulary>(),
  );
}

/**
 * The team half of hiring, a compare-and-set: moves from `from` (open only while not past closing;
 * filled only for the hire recorded) to `to`, recording the hire and its time unless it reopens.
 * Whether it moved.
 */
export async function moveTeamJob(on: Db, m: { jobId: string; from: string; to: string; hiredApplicationId: string | null }): Promise<boolean> {
  let q = db
    .updateTable('team_jobs')
    .set({
      status: m.to,
      hired_application_id: m.to === 'open' ? null : sql<string | null>`${m.hiredApplicationId}::uuid`,
      decided_at: m.to === 'open' ? null : now,
    })
    .where('id', '=', m.jobId)
    .where('status', '=', m.from);
  if (m.from === 'open') q = q.where('closes_at', '>', now);
  if (m.from === 'filled') q = q.where('hired_application_id', 'is not distinct from', sql<string | null>`${m.hiredApplicationId}::uuid`);
  return (await rows(on, q.returning('id'))).length > 0;
}

/** The team's figures since `since`: jobs posted, open, filled, closed (or expired), applications received and listing fees recorded. */
export async function teamFigures(on: Db, teamId: string, since: Date) {
  const teamJobs = () => db.selectFrom('team_jobs').where('team_id', '=', teamId);
  const count = sql<number>`count(*)`;
  const row = await first(
    on,
    db.selectNoFrom([
      sql<number>`(${teamJobs().select(count.as('n')).where('created_at', '>=', since)})::int`.as('posted'),
      sql<number>`(${teamJobs().select(count.as('n')).where('status', '=', lit('open')).where('closes_at', '>', now)})::int`.as('open'),
      sql<number>`(${teamJobs().select(count.as('n')).where('created_at', '>=', since).where('status', '=', lit('filled'))})::int`.as('filled'),
      sql<number>`(${teamJobs()
        .select(count.as('n'))
        .where('created_at', '>=', since)
        .where((eb) => eb.or([eb('status', '=', lit('closed')), eb.and([eb('status', '=', lit('open')), eb('closes_at', '<=', now)])]))})::int`.as('closed'),
      sql<number>`(${db
        .selectFrom('team_application_records')
        .select(count.as('n'))
        .where('team_id', '=', teamId)
        .where('submitted_at', '>=', since)})::int`.as('applications'),
      sql<number>`(${db
        .selectFrom('listing_fees')
        .select(sql<number>`coalesce(sum(amount_dollars), 0)`.as('n'))
        .where('team_id', '=', teamId)
        .where('recorded_at', '>=', since)})::int`.as('fees'),
    ]),
  );
  if (!row) throw new Error('the team figures returned no row');
  return row;
}

/** Keeps `company` on the team's jobs equal to the team's current name. */
export function renameTeamJobs(on: Db, teamId: string, name: string): Promise<number> {
  return affected(on, db.updateTable('team_jobs').set({ company: name }).where('team_id', '=', teamId));
}

/** An application a team job received, recorded once for the team's figures (nothing when the job is unknown). */
export function recordTeamApplication(on: Db, a: { applicationId: string; jobId: string; submittedAt: string }): Promise<number> {
  return affected(
    on,
    db
      .insertInto('team_application_records')
      .columns(['application_id', 'team_id', 'job_id', 'submitted_at'])
      .expression(
        db
          .selectFrom('team_jobs')
          .select([sql<string>`${a.applicationId}::uuid`.as('application_id'), 'team_id', 'id', sql<Date>`${a.submittedAt}::timestamptz`.as('submitted_at')])
          .where('id', '=', a.jobId),
      )
      .onConflict((oc) => oc.doNothing()),
  );
}
