import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { type BoardFilter, boardPage, countBoard } from './board-page.queries.js';
import {
  asSeenByPoster,
  countOwnJobs,
  findJobRow,
  findPublicJobRow,
  insertJob,
  insertJobVersion,
  insertPostedJob,
  insertPreferredWorkers,
  isExpired,
  jobRowsByIds,
  lockOwnJob,
  type NewJob,
  openJobsByCategory,
  openJobVersions,
  ownJobsPage,
  upsertPoster,
  walkthroughOf,
  walkthroughSecretOf,
} from './jobs.queries.js';

/**
 * Medium: the jobs area's statements on a real PostgreSQL schema built by the migrations: a job
 * row with its poster's card, what the public may read, the poster's own list and its filters,
 * versions, named workers, the board's page (prepared and not, merged branches, applicant sorts)
 * and its count.
 */
const HOUR = 3_600_000;
const noFilter: BoardFilter = { categories: [], posterIds: undefined, after: undefined, before: undefined };

describe('the jobs statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_queries' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function post(over: Partial<NewJob> & { hoursAgo?: number } = {}): Promise<string> {
    const createdAt = new Date(Date.now() - (over.hoursAgo ?? 1) * HOUR);
    const job: NewJob = {
      id: randomUUID(),
      posterId: randomUUID(),
      posterVisibility: 'public',
      title: 'Tidy a spreadsheet',
      category: 'data',
      constraints: 'Merge two sheets.',
      createdAt,
      closesAt: new Date(createdAt.getTime() + 14 * 24 * HOUR),
      preferredWorkers: [],
      walkthroughKey: null,
      walkthroughSecret: null,
      ...over,
    };
    expect(await insertJob(db.ds, job)).toBe(1);
    return job.id;
  }
  const set = (id: string, sql: string) => db.query(`UPDATE jobs SET ${sql} WHERE id = $1`, [id]);

  it('reads a job with its poster card; the public reads only open, live or completed jobs', async () => {
    const posterId = randomUUID();
    expect(await upsertPoster(db.ds, { id: posterId, name: 'Pat', headline: 'Hires', photoUrl: null })).toBe(1);
    expect(await upsertPoster(db.ds, { id: posterId, name: 'Pat Poster', headline: null, photoUrl: 'https://x.test/p.png' })).toBe(1);
    const id = await post({ posterId, preferredWorkers: ['wendy@example.test'], walkthroughKey: 'walkthroughs/a.webm', walkthroughSecret: 'sealed:x' });

    const row = await findJobRow(db.ds, id);
    expect(row).toMatchObject({
      id,
      poster_id: posterId,
      poster_visibility: 'public',
      title: 'Tidy a spreadsheet',
      category: 'data',
      status: 'open',
      safety_hidden: false,
      version: 1,
      updated_at: null,
      applicants: 0,
      preferred_workers: ['wendy@example.test'],
      has_walkthrough: true,
      poster_name: 'Pat Poster',
      poster_headline: null,
      poster_photo_url: 'https://x.test/p.png',
    });
    expect(row!.created_at).toBeInstanceOf(Date);
    expect(row!.closes_at).toBeInstanceOf(Date);
    expect(await findJobRow(db.ds, randomUUID())).toBeUndefined();
    expect((await findPublicJobRow(db.ds, id))?.id).toBe(id);
    expect(await walkthroughSecretOf(db.ds, id)).toBe('sealed:x');
    expect(await walkthroughOf(db.ds, id)).toEqual({
      poster_id: posterId,
      poster_visibility: 'public',
      status: 'open',
      safety_hidden: false,
      closes_at: row!.closes_at,
      worker_id: null,
      walkthrough_key: 'walkthroughs/a.webm',
      walkthrough_secret: 'sealed:x',
    });

    const hidden = await post();
    await set(hidden, 'safety_hidden = true');
    const expired = await post();
    await set(expired, `closes_at = now() - interval '1 minute'`);
    const completed = await post();
    await set(completed, `status = 'completed'`);
    const closed = await post();
    await set(closed, `status = 'closed'`);
    expect(await findPublicJobRow(db.ds, hidden)).toBeUndefined();
    expect(await findPublicJobRow(db.ds, expired)).toBeUndefined();
    expect(await findPublicJobRow(db.ds, closed)).toBeUndefined();
    expect((await findPublicJobRow(db.ds, completed))?.status).toBe('completed');
    // A poster reads an expired job as closed.
    const expiredRow = (await findJobRow(db.ds, expired))!;
    expect(isExpired(expiredRow)).toBe(true);
    expect(asSeenByPoster(expiredRow).status).toBe('closed');

    const byIds = await jobRowsByIds(db.ds, [id, closed, randomUUID()]);
    expect(byIds.map((r) => r.id).sort()).toEqual([id, closed].sort());
    expect(await jobRowsByIds(db.ds, [])).toEqual([]);
  });

  it('writes a posting in one statement: the poster card afresh, the job, and its first version', async () => {
    const posterId = randomUUID();
    await upsertPoster(db.ds, { id: posterId, name: 'Old name', headline: 'Old', photoUrl: null });
    const id = randomUUID();
    const createdAt = new Date('2026-04-01T10:00:00.000Z');
    const job = {
      id,
      posterId,
      posterVisibility: 'anonymous',
      title: 'Label photos',
      category: 'data',
      constraints: 'Two hundred of them.',
      createdAt,
      closesAt: new Date(createdAt.getTime() + 14 * 24 * HOUR),
      preferredWorkers: ['w@example.test'],
      walkthroughKey: null,
      walkthroughSecret: null,
    };
    expect(await insertPostedJob(db.ds, { id: posterId, name: 'Pat', headline: null, photoUrl: 'https://x.test/p.png' }, job)).toBe(1);
    expect(await findJobRow(db.ds, id)).toMatchObject({
      id,
      poster_id: posterId,
      poster_visibility: 'anonymous',
      title: 'Label photos',
      version: 1,
      poster_name: 'Pat',
      poster_photo_url: 'https://x.test/p.png',
    });
    expect(await db.query('SELECT version, title, constraints, created_at FROM job_versions WHERE job_id = $1', [id])).toEqual([
      { version: 1, title: 'Label photos', constraints: 'Two hundred of them.', created_at: createdAt },
    ]);
    // One statement: a failure in any part leaves none of it (the job's id is taken now).
    await expect(insertPostedJob(db.ds, { id: posterId, name: 'Renamed', headline: null, photoUrl: null }, { ...job, title: 'Again' })).rejects.toThrow();
    expect(await findJobRow(db.ds, id)).toMatchObject({ title: 'Label photos', poster_name: 'Pat' });
  });

  it("locks the caller's own open job, and finds no other", async () => {
    const posterId = randomUUID();
    const id = await post({ posterId });
    const closed = await post({ posterId });
    await set(closed, `status = 'closed'`);
    const locked = await db.ds.transaction((em) => lockOwnJob(em, id, posterId));
    expect(locked.id).toBe(id);
    await expect(db.ds.transaction((em) => lockOwnJob(em, id, randomUUID()))).rejects.toMatchObject({ status: 404 });
    await expect(db.ds.transaction((em) => lockOwnJob(em, closed, posterId))).rejects.toMatchObject({ status: 404 });
    // The row stays locked until the transaction ends: a second lock waits for it.
    const order: string[] = [];
    let second: Promise<void> | undefined;
    await db.ds.transaction(async (em) => {
      await lockOwnJob(em, id, posterId);
      second = db.ds.transaction(async (other) => {
        await lockOwnJob(other, id, posterId);
        order.push('second');
      });
      await new Promise((r) => setTimeout(r, 200));
      order.push('first');
    });
    await second;
    expect(order).toEqual(['first', 'second']);
  });

  it('keeps versions of open jobs, and stores each named worker once', async () => {
    const id = await post();
    const at = new Date(Date.now() - 10 * 60_000);
    expect(await insertJobVersion(db.ds, { jobId: id, version: 1, title: 'One', category: 'data', constraints: 'A', createdAt: at })).toBe(1);
    expect(await insertJobVersion(db.ds, { jobId: id, version: 2, title: 'Two', category: 'design', constraints: 'B', createdAt: new Date() })).toBe(1);
    const versions = await openJobVersions(db.ds, id);
    expect(versions.map((v) => [v.version, v.title, v.category])).toEqual([
      [2, 'Two', 'design'],
      [1, 'One', 'data'],
    ]);
    expect(versions[1]!.created_at).toEqual(at);
    expect(await openJobVersions(db.ds, id, 1)).toEqual([versions[1]]);
    expect(await openJobVersions(db.ds, id, 3)).toEqual([]);
    await set(id, `status = 'closed'`);
    expect(await openJobVersions(db.ds, id)).toEqual([]);

    const [a, b] = [randomUUID(), randomUUID()];
    expect(await insertPreferredWorkers(db.ds, id, [a])).toEqual([{ member_id: a }]);
    expect(await insertPreferredWorkers(db.ds, id, [a, b])).toEqual([{ member_id: b }]);
    expect(await db.query('SELECT count(*)::int AS n FROM job_preferred_workers WHERE job_id = $1', [id])).toEqual([{ n: 2 }]);
  });

  it("lists the poster's own jobs by filter, expired ones apart, with their counts", async () => {
    const posterId = randomUUID();
    const open = await post({ posterId, hoursAgo: 5 });
    const expired = await post({ posterId, hoursAgo: 4 });
    await set(expired, `closes_at = now() - interval '1 minute'`);
    const closed = await post({ posterId, hoursAgo: 3 });
    await set(closed, `status = 'closed', closed_at = now()`);
    const swept = await post({ posterId, hoursAgo: 2 });
    await set(swept, `status = 'closed', closes_at = now() - interval '2 minutes', closed_at = now()`);
    const hired = await post({ posterId, hoursAgo: 1 });
    await set(hired, `status = 'in_progress'`);
    await post();

    const page = await ownJobsPage(db.ds, posterId, undefined, 0, 10);
    expect(page.map((r) => [r.id, r.expired])).toEqual([
      [hired, false],
      [swept, true],
      [closed, false],
      [expired, true],
      [open, false],
    ]);
    expect(await countOwnJobs(db.ds, posterId, undefined)).toBe(5);
    expect((await ownJobsPage(db.ds, posterId, undefined, 1, 2)).map((r) => r.id)).toEqual([swept, closed]);
    expect((await ownJobsPage(db.ds, posterId, 'expired', 0, 10)).map((r) => r.id)).toEqual([swept, expired]);
    expect((await ownJobsPage(db.ds, posterId, 'open', 0, 10)).map((r) => r.id)).toEqual([open]);
    expect((await ownJobsPage(db.ds, posterId, 'closed', 0, 10)).map((r) => r.id)).toEqual([closed]);
    expect((await ownJobsPage(db.ds, posterId, 'in_progress', 0, 10)).map((r) => r.id)).toEqual([hired]);
    expect(await countOwnJobs(db.ds, posterId, 'expired')).toBe(2);
    expect(await countOwnJobs(db.ds, posterId, 'open')).toBe(1);
    expect(await countOwnJobs(db.ds, randomUUID(), undefined)).toBe(0);
  });

  it('pages and counts the board, merging categories and posters, by newest or by applicants', async () => {
    await db.query(`UPDATE jobs SET status = 'closed'`);
    const [pat, sam] = [randomUUID(), randomUUID()];
    const jobs: { id: string; poster: string; category: string; applicants: number; anonymous: boolean }[] = [];
    for (let i = 0; i < 12; i++) {
      const poster = i % 2 ? pat : sam;
      const category = ['data', 'design', 'legal'][i % 3]!;
      const anonymous = i === 4;
      const id = await post({ posterId: poster, category, hoursAgo: 20 - i, posterVisibility: anonymous ? 'anonymous' : 'public' });
      const applicants = (i * 7) % 5;
      await set(id, `applicants = ${applicants}`);
      jobs.push({ id, poster, category, applicants, anonymous });
    }
    const hiddenOne = await post({ posterId: pat, hoursAgo: 0.5 });
    await set(hiddenOne, 'safety_hidden = true');
    const newest = [...jobs].reverse();
    const page = (filter: BoardFilter, over: { limit?: number; offset?: number; applicants?: 'asc' | 'desc' | null; prepare?: boolean } = {}) =>
      boardPage(db.ds, {
        filter,
        limit: over.limit ?? 5,
        offset: over.offset ?? 0,
        applicants: over.applicants ?? null,
        depth: over.applicants ? 500 : 32,
        prepare: over.prepare ?? true,
      });

    const first = await page(noFilter);
    expect(first.map((r) => r.id)).toEqual(newest.slice(0, 5).map((j) => j.id));
    expect(first[0]).toMatchObject({ status: 'open', poster_name: null, has_walkthrough: false, preferred_workers: [] });
    expect((await page(noFilter, { offset: 5 })).map((r) => r.id)).toEqual(newest.slice(5, 10).map((j) => j.id));
    expect((await page(noFilter, { prepare: false, offset: 10 })).map((r) => r.id)).toEqual(newest.slice(10).map((j) => j.id));
    expect(await countBoard(db.ds, noFilter)).toBe(12);

    const design = { ...noFilter, categories: ['design'] };
    expect((await page(design, { limit: 10 })).map((r) => r.id)).toEqual(newest.filter((j) => j.category === 'design').map((j) => j.id));
    expect(await countBoard(db.ds, design)).toBe(4);
    const two = { ...noFilter, categories: ['data', 'legal'] };
    expect((await page(two, { limit: 10, prepare: false })).map((r) => r.id)).toEqual(
      newest
        .filter((j) => j.category !== 'design')
        .slice(0, 10)
        .map((j) => j.id),
    );
    expect(await countBoard(db.ds, two)).toBe(8);

    // A poster filter never shows an anonymous job.
    const ofSam = { ...noFilter, posterIds: [sam] };
    expect((await page(ofSam, { limit: 10 })).map((r) => r.id)).toEqual(newest.filter((j) => j.poster === sam && !j.anonymous).map((j) => j.id));
    expect(await countBoard(db.ds, ofSam)).toBe(5);
    const both = { ...noFilter, posterIds: [pat, sam].sort(), categories: ['design'] };
    expect((await page(both, { limit: 10, prepare: false })).map((r) => r.id)).toEqual(
      newest.filter((j) => j.category === 'design' && !j.anonymous).map((j) => j.id),
    );
    expect(await countBoard(db.ds, both)).toBe(3);

    const after = new Date(Date.now() - 12.5 * HOUR);
    const recent = { ...noFilter, after };
    expect((await page(recent, { limit: 20, prepare: false })).map((r) => r.id)).toEqual(newest.slice(0, 4).map((j) => j.id));
    expect(await countBoard(db.ds, { ...noFilter, before: after })).toBe(8);

    const byApplicants = [...newest].sort((a, b) => b.applicants - a.applicants);
    expect((await page(noFilter, { applicants: 'desc', limit: 12, prepare: false })).map((r) => r.id)).toEqual(byApplicants.map((j) => j.id));
    const fewest = [...newest].sort((a, b) => a.applicants - b.applicants);
    expect((await page(noFilter, { applicants: 'asc', limit: 3, offset: 2, prepare: false })).map((r) => r.id)).toEqual(fewest.slice(2, 5).map((j) => j.id));
  });

  it('counts open, live jobs by category', async () => {
    await db.query(`UPDATE jobs SET status = 'closed'`);
    await post({ category: 'legal' });
    await post({ category: 'legal' });
    await post({ category: 'data' });
    const gone = await post({ category: 'design' });
    await set(gone, `closes_at = now() - interval '1 minute'`);
    const counts = await openJobsByCategory(db.ds);
    expect(counts.sort((a, b) => a.category.localeCompare(b.category))).toEqual([
      { category: 'data', count: 1 },
      { category: 'legal', count: 2 },
    ]);
  });
});
