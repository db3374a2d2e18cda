import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertJob } from '../jobs/jobs.queries.js';
import { commentOwner, jobOwner, lockCommentForModeration, lockJobForModeration, setCommentRemoved, setJobRemoved } from './moderation.queries.js';

/** Medium: moderation's statements on a real jobs schema: owners, the locked evidence, removing and restoring. */
describe('the moderation statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_moderation' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('finds owners, locks the evidence, removes and restores jobs and comments', async () => {
    const posterId = randomUUID();
    const jobId = randomUUID();
    const at = new Date();
    await insertJob(db.ds, {
      id: jobId,
      posterId,
      posterVisibility: 'public',
      title: 'Buy followers',
      category: 'marketing',
      constraints: 'Lots.',
      createdAt: at,
      closesAt: new Date(at.getTime() + 86_400_000),
      preferredWorkers: [],
      walkthroughKey: null,
      walkthroughSecret: null,
    });
    const [author, commentId, deletedId] = [randomUUID(), randomUUID(), randomUUID()];
    await db.query(
      `INSERT INTO job_comments (id, job_id, author_id, author_name, author_kind, body, deleted_at)
      VALUES ($1, $3, $4, 'Al', 'person', 'Spam', NULL), ($2, $3, $4, NULL, 'person', NULL, now())`,
      [commentId, deletedId, jobId, author],
    );

    expect(await jobOwner(db.ds, jobId)).toEqual({ owner_id: posterId });
    expect(await jobOwner(db.ds, randomUUID())).toBeUndefined();
    expect(await commentOwner(db.ds, commentId)).toEqual({ owner_id: author });
    expect(await commentOwner(db.ds, deletedId)).toBeUndefined();

    await db.query('UPDATE jobs SET safety_hidden = true, suspension_hidden = true WHERE id = $1', [jobId]);
    await db.ds.transaction(async (em) => {
      expect(await lockJobForModeration(em, jobId)).toEqual({ poster_id: posterId, title: 'Buy followers', constraints: 'Lots.' });
      expect(await setJobRemoved(em, jobId, true)).toBe(1);
    });
    expect(await db.query('SELECT safety_hidden, suspension_hidden FROM jobs WHERE id = $1', [jobId])).toEqual([
      { safety_hidden: true, suspension_hidden: false },
    ]);
    expect(await setJobRemoved(db.ds, jobId, false)).toBe(1);
    expect(await db.query('SELECT safety_hidden FROM jobs WHERE id = $1', [jobId])).toEqual([{ safety_hidden: false }]);
    expect(await lockJobForModeration(db.ds, randomUUID())).toBeUndefined();

    const removedAt = async () =>
      (await db.query<{ removed_at: Date | null }>('SELECT removed_at FROM job_comments WHERE id = $1', [commentId]))[0]!.removed_at;
    await db.ds.transaction(async (em) => {
      expect(await lockCommentForModeration(em, commentId)).toEqual({ author_id: author, body: 'Spam', job_id: jobId, deleted_at: null });
      expect(await setCommentRemoved(em, commentId, true)).toBe(1);
    });
    const first = await removedAt();
    expect(first).toBeInstanceOf(Date);
    // Removing again keeps the first time; restoring clears it, and the text stays.
    expect(await setCommentRemoved(db.ds, commentId, true)).toBe(1);
    expect(await removedAt()).toEqual(first);
    expect(await setCommentRemoved(db.ds, commentId, false)).toBe(1);
    expect(await removedAt()).toBeNull();
    expect((await lockCommentForModeration(db.ds, commentId))?.body).toBe('Spam');
  });
});
