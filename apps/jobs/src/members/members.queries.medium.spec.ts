import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertJob, upsertPoster } from '../jobs/jobs.queries.js';
import {
  anonymiseCommentsOf,
  blankPosterCard,
  closeOpenJobsOf,
  dropWalkthroughsOf,
  hideForSuspension,
  memberPageJobs,
  memberPagePosted,
  showAfterSuspension,
  updatePosterCard,
} from './members.queries.js';

/** Medium: what members' events and pages do to jobs, on a real jobs schema. */
describe('the members statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_members' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function job(posterId: string, over: { visibility?: string; status?: string; hoursAgo?: number; walkthrough?: boolean } = {}): Promise<string> {
    const at = new Date(Date.now() - (over.hoursAgo ?? 1) * 3_600_000);
    const id = randomUUID();
    await insertJob(db.ds, {
      id,
      posterId,
      posterVisibility: over.visibility ?? 'public',
      title: 'Sort receipts',
      category: 'data',
      constraints: 'A box of them.',
      createdAt: at,
      closesAt: new Date(at.getTime() + 86_400_000),
      preferredWorkers: [],
      walkthroughKey: over.walkthrough ? 'walkthroughs/x.webm' : null,
      walkthroughSecret: over.walkthrough ? 'sealed:y' : null,
    });
    if (over.status) await db.query('UPDATE jobs SET status = $2 WHERE id = $1', [id, over.status]);
    return id;
  }
  const jobState = (id: string) =>
    db
      .query<{ status: string; safety_hidden: boolean; suspension_hidden: boolean; closes_at: Date | null; walkthrough_key: string | null }>(
        'SELECT status, safety_hidden, suspension_hidden, closes_at, walkthrough_key FROM jobs WHERE id = $1',
        [id],
      )
      .then((r) => r[0]);

  it('shows on a member page their public open and hired jobs, newest first, and the finished jobs named', async () => {
    const member = randomUUID();
    const open = await job(member, { hoursAgo: 4 });
    const hired = await job(member, { hoursAgo: 3, status: 'completed' });
    await job(member, { hoursAgo: 2, visibility: 'anonymous' });
    const closed = await job(member, { hoursAgo: 1, status: 'closed' });
    const hidden = await job(member, { hoursAgo: 0.5 });
    await db.query('UPDATE jobs SET safety_hidden = true WHERE id = $1', [hidden]);
    expect((await memberPagePosted(db.ds, member)).map((r) => r.id)).toEqual([hired, open]);
    const done = await job(randomUUID(), { status: 'rating', visibility: 'anonymous' });
    expect((await memberPageJobs(db.ds, [done, closed, hidden, randomUUID()])).map((r) => r.id)).toEqual([done]);
  });

  it("keeps the poster card newest, and a deleted member's jobs, comments and card lose what named them", async () => {
    const member = randomUUID();
    await upsertPoster(db.ds, { id: member, name: 'Dee', headline: 'Writer', photoUrl: 'https://x.test/d.png' });
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await updatePosterCard(db.ds, { memberId: member, name: 'Dee Dee', headline: null, photoUrl: null, changedAt: later })).toBe(1);
    expect(await updatePosterCard(db.ds, { memberId: member, name: 'Old Dee', headline: null, photoUrl: null, changedAt: new Date().toISOString() })).toBe(0);
    expect(await db.query('SELECT name, headline, updated_at FROM posters WHERE member_id = $1', [member])).toEqual([
      { name: 'Dee Dee', headline: null, updated_at: new Date(later) },
    ]);

    const open = await job(member, { walkthrough: true });
    const done = await job(member, { status: 'completed', walkthrough: true });
    const other = await job(randomUUID(), { walkthrough: true });
    await db.query(`INSERT INTO job_comments (id, job_id, author_id, author_name, author_kind, body) VALUES ($1, $2, $3, 'Dee Dee', 'person', 'Hi')`, [
      randomUUID(),
      other,
      member,
    ]);
    expect(await closeOpenJobsOf(db.ds, member)).toEqual([{ id: open }]);
    expect(await closeOpenJobsOf(db.ds, member)).toEqual([]);
    expect(await jobState(open)).toMatchObject({ status: 'closed', closes_at: null });
    expect(await dropWalkthroughsOf(db.ds, member)).toBe(2);
    expect((await jobState(done))!.walkthrough_key).toBeNull();
    expect((await jobState(other))!.walkthrough_key).toBe('walkthroughs/x.webm');
    expect(await anonymiseCommentsOf(db.ds, member, 'Deleted member')).toBe(1);
    expect(await db.query('SELECT author_id, author_name, body FROM job_comments WHERE job_id = $1', [other])).toEqual([
      { author_id: null, author_name: 'Deleted member', body: 'Hi' },
    ]);
    expect(await blankPosterCard(db.ds, member, 'Deleted member')).toBe(1);
    const nobody = randomUUID();
    expect(await blankPosterCard(db.ds, nobody, 'Deleted member')).toBe(1);
    expect(await db.query('SELECT name, headline, photo_url FROM posters WHERE member_id = ANY($1) ORDER BY name', [[member, nobody]])).toEqual([
      { name: 'Deleted member', headline: null, photo_url: null },
      { name: 'Deleted member', headline: null, photo_url: null },
    ]);
  });

  it("hides a suspended member's open jobs and shows again only those", async () => {
    const member = randomUUID();
    const open = await job(member);
    const staffHidden = await job(member);
    await db.query('UPDATE jobs SET safety_hidden = true WHERE id = $1', [staffHidden]);
    const done = await job(member, { status: 'completed' });
    expect(await hideForSuspension(db.ds, member)).toBe(1);
    expect(await hideForSuspension(db.ds, member)).toBe(0);
    expect(await jobState(open)).toMatchObject({ safety_hidden: true, suspension_hidden: true });
    expect(await jobState(staffHidden)).toMatchObject({ safety_hidden: true, suspension_hidden: false });
    expect(await showAfterSuspension(db.ds, member)).toBe(1);
    expect(await jobState(open)).toMatchObject({ safety_hidden: false, suspension_hidden: false });
    expect(await jobState(staffHidden)).toMatchObject({ safety_hidden: true });
    expect(await jobState(done)).toMatchObject({ safety_hidden: false, suspension_hidden: false });
  });
});
