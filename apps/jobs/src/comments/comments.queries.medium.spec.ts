import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertJob } from '../jobs/jobs.queries.js';
import {
  commentsOfJob,
  findCommentableJob,
  findParentComment,
  insertComment,
  lockCommentOfReadableJob,
  markCommentDeleted,
  type NewComment,
  threadRootOf,
} from './comments.queries.js';

/** Medium: the comments' statements on a real jobs schema: threads, the lock for deleting, what a deletion keeps. */
describe('the comments statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_comments' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function job(posterVisibility = 'public'): Promise<{ id: string; posterId: string }> {
    const at = new Date();
    const j = {
      id: randomUUID(),
      posterId: randomUUID(),
      posterVisibility,
      title: 'Fix a leak',
      category: 'physical',
      constraints: 'Kitchen.',
      createdAt: at,
      closesAt: new Date(at.getTime() + 86_400_000),
      preferredWorkers: [],
      walkthroughKey: null,
      walkthroughSecret: null,
    };
    await insertJob(db.ds, j);
    return j;
  }
  const comment = (jobId: string, over: Partial<NewComment> = {}) =>
    insertComment(db.ds, {
      id: randomUUID(),
      jobId,
      parentId: null,
      authorId: randomUUID(),
      authorName: 'Ann',
      authorKind: 'person',
      body: 'Hello',
      ...over,
    });

  it('writes comments and threads, lists them oldest first, and finds only jobs the public may read', async () => {
    const j = await job('anonymous');
    expect(await findCommentableJob(db.ds, j.id)).toEqual({ poster_id: j.posterId, poster_visibility: 'anonymous', title: 'Fix a leak' });
    const top = await comment(j.id);
    expect(top).toMatchObject({ job_id: j.id, parent_id: null, author_name: 'Ann', author_kind: 'person', body: 'Hello', deleted_at: null, removed_at: null });
    expect(top.created_at).toBeInstanceOf(Date);
    const reply = await comment(j.id, { parentId: top.id, authorKind: 'agent', body: 'Hi' });
    const deeper = await comment(j.id, { parentId: reply.id });

    expect(await threadRootOf(db.ds, deeper.id, j.id)).toBe(top.id);
    expect(await threadRootOf(db.ds, top.id, j.id)).toBe(top.id);
    expect(await threadRootOf(db.ds, deeper.id, randomUUID())).toBeUndefined();
    expect(await findParentComment(db.ds, reply.id, j.id)).toEqual({ author_id: reply.author_id, deleted_at: null });
    expect(await findParentComment(db.ds, reply.id, randomUUID())).toBeUndefined();

    expect((await commentsOfJob(db.ds, j.id, 500)).map((c) => c.id)).toEqual([top.id, reply.id, deeper.id]);
    expect((await commentsOfJob(db.ds, j.id, 2)).map((c) => c.id)).toEqual([top.id, reply.id]);

    await db.query(`UPDATE jobs SET safety_hidden = true WHERE id = $1`, [j.id]);
    expect(await findCommentableJob(db.ds, j.id)).toBeUndefined();
  });

  it('locks a comment of a readable job for deleting, and deletes its text and author only', async () => {
    const j = await job();
    const c = await comment(j.id);
    const reply = await comment(j.id, { parentId: c.id });
    await db.ds.transaction(async (em) => {
      expect(await lockCommentOfReadableJob(em, c.id)).toEqual({ author_id: c.author_id, deleted_at: null, poster_id: j.posterId });
      // Locked: another transaction cannot take the comment until this one ends.
      const busy = await db.ds.transaction(async (other) => {
        await other.query(`SET LOCAL lock_timeout = '100ms'`);
        return lockCommentOfReadableJob(other, c.id).then(
          () => 'taken',
          () => 'waited',
        );
      });
      expect(busy).toBe('waited');
      expect(await markCommentDeleted(em, c.id)).toBe(1);
    });
    const [deleted, kept] = await commentsOfJob(db.ds, j.id, 500);
    expect(deleted).toMatchObject({ id: c.id, body: null, author_id: null, author_name: null });
    expect(deleted!.deleted_at).toBeInstanceOf(Date);
    expect(kept).toMatchObject({ id: reply.id, parent_id: c.id, body: 'Hello' });
    expect(await lockCommentOfReadableJob(db.ds, randomUUID())).toBeUndefined();
  });
});
