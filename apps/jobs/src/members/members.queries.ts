import { HIRED_JOB_STATUSES } from '@marketplace/contracts';
import { affected, type Db, type Expression, rows, sql, type SqlBool } from '@marketplace/service-kit';

import { db } from '../database/db.js';
import { type JobRow, jobRows, lit, type OnJob } from '../jobs/jobs.queries.js';

const now = sql<Date>`now()`;

/**
 * Shown on a member page: open and not past closing, or hired (someone was accepted: the job left
 * the board but the page still shows it), and never hidden by staff. The vocabulary's own words,
 * never input, so they are written into the SQL as literals.
 */
function onMemberPage(eb: OnJob): Expression<SqlBool> {
  return eb.and([
    eb.not(eb.ref('j.safety_hidden')),
    eb.or([
      eb.and([eb('j.status', '=', lit('open')), eb.or([eb('j.closes_at', 'is', null), eb('j.closes_at', '>', now)])]),
      eb(
        'j.status',
        'in',
        HIRED_JOB_STATUSES.map((s) => lit(s)),
      ),
    ]),
  ]);
}

/** The member's public jobs on their page, newest first (anonymous ones would reveal who posted them). */
export function memberPagePosted(on: Db, memberId: string): Promise<JobRow[]> {
  return rows(
    on,
    jobRows()
      .where('j.poster_id', '=', memberId)
      .where('j.poster_visibility', '=', lit('public'))
      .where(onMemberPage)
      .orderBy('j.created_at', 'desc')
      .orderBy('j.id', 'desc')
      .limit(sql.lit(200)),
  );
}

/** The jobs named (the member's finished work) that a member page may show, in no particular order. */
export function memberPageJobs(on: Db, ids: string[]): Promise<JobRow[]> {
  return rows(
    on,
    jobRows()
      .where('j.id', '=', (eb) => eb.fn.any(sql<string[]>`${ids}::uuid[]`))
      .where(onMemberPage),
  );
}

/** The poster's card as the member's profile now reads, unless a newer change was applied already. */
export function updatePosterCard(
  on: Db,
  card: { memberId: string; name: string; headline: string | null; photoUrl: string | null; changedAt: string },
): Promise<number> {
  return affected(
    on,
    db
      .updateTable('posters')
      .set({ name: card.name, headline: card.headline, photo_url: card.photoUrl, updated_at: card.changedAt })
      .where('member_id', '=', card.memberId)
      .where('updated_at', '<=', sql<Date>`${card.changedAt}::timestamptz`),
  );
}

/** A deleted member's open jobs closed (no closing time left); returns their ids. */
export function closeOpenJobsOf(on: Db, memberId: string) {
  return rows(
    on,
    db.updateTable('jobs').set({ status: 'closed', closes_at: null }).where('poster_id', '=', memberId).where('status', '=', lit('open')).returning('id'),
  );
}

/** No job of the member keeps a walkthrough video. */
export function dropWalkthroughsOf(on: Db, memberId: string): Promise<number> {
  return affected(
    on,
    db.updateTable('jobs').set({ walkthrough_key: null, walkthrough_secret: null }).where('poster_id', '=', memberId).where('walkthrough_key', 'is not', null),
  );
}

/** The member's comments stay, under `name`, without their id. */
export function anonymiseCommentsOf(on: Db, memberId: string, name: string): Promise<number> {
  return affected(on, db.updateTable('job_comments').set({ author_id: null, author_name: name }).where('author_id', '=', memberId));
}

/** The member's poster card keeps only `name` (written when there was none). */
export function blankPosterCard(on: Db, memberId: string, name: string): Promise<number> {
  return affected(
    on,
    db
      .insertInto('posters')
      .values({ member_id: memberId, name, headline: null, photo_url: null, updated_at: now })
      .onConflict((oc) =>
        oc.column('member_id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          headline: null,
          photo_url: null,
          updated_at: now,
        })),
      ),
  );
}

/** A suspended member's open, shown jobs hidden, remembering the suspension hid them. */
export function hideForSuspension(on: Db, memberId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set({ safety_hidden: true, suspension_hidden: true })
      .where('poster_id', '=', memberId)
      .where('status', '=', lit('open'))
      .where((eb) => eb.not(eb.ref('safety_hidden'))),
  );
}

/** What the suspension hid shown again. */
export function showAfterSuspension(on: Db, memberId: string): Promise<number> {
  return affected(
    on,
    db
      .updateTable('jobs')
      .set({ safety_hidden: false, suspension_hidden: false })
      .where('poster_id', '=', memberId)
      .where((eb) => eb.ref('suspension_hidden')),
  );
}
