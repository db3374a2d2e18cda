import { AppError, isUuid, type Job, type MyJobFilter } from '@marketplace/contracts';
import {
  affected,
  boundStatement,
  type Db,
  type Expression,
  type ExpressionBuilder,
  first,
  type QueryCreator,
  rows,
  sql,
  type SqlBool,
} from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { type DB, db } from '../database/db.js';

/** Conditions on a job read as `j`. */
export type OnJob = ExpressionBuilder<{ j: DB['jobs'] }, 'j'>;

const now = sql<Date>`now()`;

/**
 * A constant of the statement, written into its text rather than bound: the partial indexes of the
 * board (`WHERE status = 'open' AND NOT safety_hidden`, `poster_visibility = 'public'`) serve a
 * prepared statement's generic plan only when its conditions name the same constants.
 */
export const lit = <V extends string>(value: V) => sql.lit<V>(value);

/** Open and taking applications: the board, search, versions and comments on open jobs. */
export function openAndLive(eb: OnJob): Expression<SqlBool> {
  return eb.and([eb('j.status', '=', lit('open')), eb.not(eb.ref('j.safety_hidden')), eb.or([eb('j.closes_at', 'is', null), eb('j.closes_at', '>', now)])]);
}

/** A job as the public may see it: open, or completed; never hidden by staff; never past closing. */
export function publiclyReadable(eb: OnJob): Expression<SqlBool> {
  return eb.and([
    eb.not(eb.ref('j.safety_hidden')),
    eb.or([
      eb.and([eb('j.status', '=', lit('open')), eb.or([eb('j.closes_at', 'is', null), eb('j.closes_at', '>', now)])]),
      eb('j.status', '=', lit('completed')),
    ]),
  ]);
}

/**
 * A job whose time ran out: open past its closing time (the sweep has not closed it yet), or closed
 * by the sweep, which closes a job only once its closing time has passed. A poster's close is
 * refused by then, so a job closed before its closing time was closed by someone's decision.
 */
export function expired(eb: OnJob) {
  return eb.or([
    eb.and([eb('j.status', '=', lit('open')), eb('j.closes_at', '<=', now)]),
    eb.and([eb('j.status', '=', lit('closed')), eb('j.closed_at', '>=', eb.ref('j.closes_at'))]),
  ]);
}

/** What a job row shows: the job and its poster's public card. */
const JOB_COLUMNS = [
  'j.id',
  'j.poster_id',
  'j.poster_visibility',
  'j.title',
  'j.category',
  'j.constraints',
  'j.status',
  'j.safety_hidden',
  'j.created_at',
  'j.version',
  'j.updated_at',
  'j.closes_at',
  'j.applicants',
  'j.preferred_workers',
] as const;
const POSTER_COLUMNS = ['p.name as poster_name', 'p.headline as poster_headline', 'p.photo_url as poster_photo_url'] as const;

const hasWalkthrough = (eb: OnJob) => eb('j.walkthrough_key', 'is not', null).as('has_walkthrough');

/**
 * The vocabularies the service writes these columns from (the contract's categories, statuses and
 * visibilities, and a JSON array of the references the poster typed); the schema keeps them as text
 * and jsonb.
 */
interface JobVocabulary {
  poster_visibility: Job['posterVisibility'];
  category: Job['category'];
  status: Job['status'];
  preferred_workers: string[];
}

/** Jobs (`j`) with their poster's card (`p`), selecting a job row's columns. */
export function jobRows() {
  return db
    .selectFrom('jobs as j')
    .leftJoin('posters as p', 'p.member_id', 'j.poster_id')
    .select(JOB_COLUMNS)
    .select(hasWalkthrough)
    .select(POSTER_COLUMNS)
    .$narrowType<JobVocabulary>();
}

/** The job row's columns of `j` joined with `p`, for statements that reach jobs another way (a page of ids). */
export const JOB_ROW_COLUMNS = JOB_COLUMNS;
export const JOB_ROW_POSTER_COLUMNS = POSTER_COLUMNS;
export { hasWalkthrough };
export type { JobVocabulary };

export function findJobRow(on: Db, id: string) {
  return first(on, jobByIdStatement({ id }));
}

const jobByIdStatement = boundStatement((v: { id: string }) => jobRows().where('j.id', '=', v.id));

/** A job row, as every handler maps it (toJob). */
export type JobRow = NonNullable<Awaited<ReturnType<typeof findJobRow>>>;

/** A job that the public may read (open and live, or completed; not hidden). */
export function findPublicJobRow(on: Db, id: string): Promise<JobRow | undefined> {
  return first(on, publicJobStatement({ id }));
}

const publicJobStatement = boundStatement((v: { id: string }) => jobRows().where('j.id', '=', v.id).where(publiclyReadable));

/** Job ids are UUIDs; anything else cannot name a job, so it is a 404 without a query. */
export const isJobId = isUuid;

/** An open job whose closing time passed reads as closed even before the sweep closes it. */
export function isExpired(row: { status: string; closes_at: Date | null }, at = new Date()): boolean {
  return row.status === 'open' && row.closes_at !== null && new Date(row.closes_at) <= at;
}

/** As its poster sees it: a job past its closing time reads as closed, as it does everywhere else. */
export function asSeenByPoster<R extends JobRow>(row: R): R {
  return isExpired(row) ? { ...row, status: 'closed' } : row;
}

/** Whether the job's time ran out (see `expired`), the sweep's close included; false for an unknown id. */
export async function hasExpired(on: Db, id: string): Promise<boolean> {
  const row = await first(
    on,
    db
      .selectFrom('jobs as j')
      .select((eb) => expired(eb).as('expired'))
      .where('j.id', '=', id),
  );
  return Boolean(row?.expired);
}

/** The caller's own job, locked for a change. Closed, expired or someone else's: not found. */
export async function lockOwnJob(em: EntityManager, id: string, memberId: string): Promise<JobRow> {
  const notFound = new AppError(404, 'You have no open job with this id.');
  await rows(em, db.selectFrom('jobs').select('id').where('id', '=', id).forUpdate());
  const row = await findJobRow(em, id);
  if (!row || row.poster_id !== memberId || row.status === 'closed' || isExpired(row)) throw notFound;
  return row;
}

/** Rows of jobs named by id (unknown ids are left out), in no particular order. */
export function jobRowsByIds(on: Db, ids: string[]): Promise<JobRow[]> {
  return rows(on, jobsByIdsStatement({ ids }));
}

const jobsByIdsStatement = boundStatement((v: { ids: string[] }) => jobRows().where('j.id', '=', (eb) => eb.fn.any(sql<string[]>`${v.ids}::uuid[]`)));

/** The sealed secret behind a job's walkthrough links, or null. */
export async function walkthroughSecretOf(on: Db, jobId: string): Promise<string | null> {
  const row = await first(on, db.selectFrom('jobs').select('walkthrough_secret').where('id', '=', jobId));
  return row?.walkthrough_secret ?? null;
}

/** What serving a job's walkthrough video checks. */
export function walkthroughOf(on: Db, jobId: string) {
  return first(
    on,
    db
      .selectFrom('jobs')
      .select(['poster_id', 'poster_visibility', 'status', 'safety_hidden', 'closes_at', 'worker_id', 'walkthrough_key', 'walkthrough_secret'])
      .where('id', '=', jobId),
  );
}

/** How many open, live jobs each category has (categories without any are left out). */
export function openJobsByCategory(on: Db) {
  return rows(
    on,
    db
      .selectFrom('jobs as j')
      .select(['j.category', sql<number>`count(*)::int`.as('count')])
      .where(openAndLive)
      .groupBy('j.category'),
  );
}

/** A job's versions while it is open and live, newest first; one version when `version` is given. */
export function openJobVersions(on: Db, jobId: string, version?: number) {
  let query = db
    .selectFrom('jobs as j')
    .innerJoin('job_versions as v', 'v.job_id', 'j.id')
    .select(['v.version', 'v.title', 'v.category', 'v.constraints', 'v.created_at'])
    .$narrowType<{ category: Job['category'] }>()
    .where('j.id', '=', jobId)
    .where(openAndLive);
  if (version !== undefined) query = query.where('v.version', '=', version);
  return rows(on, query.orderBy('v.version', 'desc'));
}

function ownJobs(memberId: string, status: MyJobFilter | undefined) {
  const mine = db.selectFrom('jobs as j').where('j.poster_id', '=', memberId);
  if (!status) return mine;
  if (status === 'expired') return mine.where(expired);
  if (status === 'open' || status === 'closed') {
    return mine.where((eb) => eb.and([eb('j.status', '=', status), eb.not(expired(eb))]));
  }
  return mine.where('j.status', '=', status);
}

/** A page of the poster's own jobs in every state, newest first, each with whether its time ran out. */
export function ownJobsPage(on: Db, memberId: string, status: MyJobFilter | undefined, offset: number, limit: number) {
  return rows(
    on,
    ownJobs(memberId, status)
      .leftJoin('posters as p', 'p.member_id', 'j.poster_id')
      .select(JOB_COLUMNS)
      .select(hasWalkthrough)
      .select(POSTER_COLUMNS)
      .select((eb) => expired(eb).as('expired'))
      .$narrowType<JobVocabulary & { expired: boolean }>()
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(limit)
      .offset(offset),
  );
}

/** How many of the poster's own jobs the filter keeps. */
export async function countOwnJobs(on: Db, memberId: string, status: MyJobFilter | undefined): Promise<number> {
  const row = await first(on, ownJobs(memberId, status).select(sql<number>`count(*)::int`.as('total')));
  return row?.total ?? 0;
}

/** The poster's public card, written afresh (or first) as a job is posted. */
export function upsertPoster(on: Db, card: PosterCard): Promise<number> {
  return affected(on, posterUpsert(card));
}

type PosterCard = { id: string; name: string; headline: string | null; photoUrl: string | null };

function posterUpsert(card: PosterCard) {
  return db
    .insertInto('posters')
    .values({ member_id: card.id, name: card.name, headline: card.headline, photo_url: card.photoUrl, updated_at: now })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet((eb) => ({
        name: eb.ref('excluded.name'),
        headline: eb.ref('excluded.headline'),
        photo_url: eb.ref('excluded.photo_url'),
        updated_at: now,
      })),
    );
}

export interface NewJob {
  id: string;
  posterId: string;
  posterVisibility: string;
  title: string;
  category: string;
  constraints: string;
  createdAt: Date;
  closesAt: Date;
  /** The references the poster typed, kept as typed. */
  preferredWorkers: string[];
  walkthroughKey: string | null;
  walkthroughSecret: string | null;
}

/** A new open job at version 1. */
export function insertJob(on: Db, job: NewJob): Promise<number> {
  return affected(on, jobInsert(job));
}

function jobInsert(job: NewJob) {
  return db.insertInto('jobs').values({
    id: job.id,
    poster_id: job.posterId,
    poster_visibility: job.posterVisibility,
    title: job.title,
    category: job.category,
    constraints: job.constraints,
    status: 'open',
    safety_hidden: false,
    created_at: job.createdAt,
    version: 1,
    updated_at: null,
    closes_at: job.closesAt,
    applicants: 0,
    preferred_workers: JSON.stringify(job.preferredWorkers),
    walkthrough_key: job.walkthroughKey,
    walkthrough_secret: job.walkthroughSecret,
  });
}

type NewJobVersion = { jobId: string; version: number; title: string; category: string; constraints: string; createdAt: Date };

/** One version of a job's text, as it was written at `createdAt`. */
export function insertJobVersion(on: Db, v: NewJobVersion): Promise<number> {
  return affected(on, jobVersionInsert(v));
}

/** On `creator`: the service's builder, or one that carries CTEs before it. */
function jobVersionInsert(v: NewJobVersion, creator: QueryCreator<DB> = db) {
  return creator.insertInto('job_versions').values({
    job_id: v.jobId,
    version: v.version,
    title: v.title,
    category: v.category,
    constraints: v.constraints,
    created_at: v.createdAt,
  });
}

/**
 * A posting's three writes in one statement (data-modifying CTEs): the poster's card, the job and
 * its first version. Each was a round trip of the post's transaction in turn. The version's
 * reference to the job is checked at the statement's end, when the job row is there.
 */
export function insertPostedJob(on: Db, card: PosterCard, job: NewJob): Promise<number> {
  const version = { jobId: job.id, version: 1, title: job.title, category: job.category, constraints: job.constraints, createdAt: job.createdAt };
  return affected(
    on,
    jobVersionInsert(
      version,
      db.with('poster', () => posterUpsert(card).returning('member_id')).with('job', () => jobInsert(job).returning('id')),
    ),
  );
}

/** Named workers stored once each; returns those not named before. */
export function insertPreferredWorkers(on: Db, jobId: string, memberIds: string[]) {
  return rows(
    on,
    db
      .insertInto('job_preferred_workers')
      .columns(['job_id', 'member_id'])
      .expression(db.selectNoFrom([sql<string>`${jobId}::uuid`.as('job_id'), sql<string>`unnest(${memberIds}::uuid[])`.as('member_id')]))
      .onConflict((oc) => oc.doNothing())
      .returning('member_id'),
  );
}
