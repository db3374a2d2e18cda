import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { findJobRow, insertJob } from '../jobs/jobs.queries.js';
import { closeOwnJob, updateJobText, updatePreferredWorkers } from './edits.queries.js';

/** Medium: the edits' statements on a real jobs schema: a new version of the text, the named workers, a close. */
describe('the edits statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_edits' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function job(): Promise<string> {
    const at = new Date();
    const id = randomUUID();
    await insertJob(db.ds, {
      id,
      posterId: randomUUID(),
      posterVisibility: 'public',
      title: 'Old title',
      category: 'data',
      constraints: 'Old.',
      createdAt: at,
      closesAt: new Date(at.getTime() + 86_400_000),
      preferredWorkers: ['a@example.test'],
      walkthroughKey: null,
      walkthroughSecret: null,
    });
    return id;
  }

  it('moves the text to a new version, changes the named workers alone, and closes the job', async () => {
    const id = await job();
    const other = await job();
    const at = new Date(Date.now() - 1000);
    expect(
      await updateJobText(db.ds, id, {
        title: 'New title',
        category: 'design',
        constraints: 'New.',
        posterVisibility: 'anonymous',
        version: 2,
        updatedAt: at,
        preferredWorkers: ['a@example.test', 'Bo Builder'],
      }),
    ).toBe(1);
    expect(await findJobRow(db.ds, id)).toMatchObject({
      title: 'New title',
      category: 'design',
      constraints: 'New.',
      poster_visibility: 'anonymous',
      version: 2,
      updated_at: at,
      preferred_workers: ['a@example.test', 'Bo Builder'],
    });
    expect(await updatePreferredWorkers(db.ds, id, ['c@example.test'])).toBe(1);
    expect((await findJobRow(db.ds, id))?.preferred_workers).toEqual(['c@example.test']);
    // A JSON array in jsonb, not a PostgreSQL array.
    expect(await db.query(`SELECT jsonb_typeof(preferred_workers) AS t FROM jobs WHERE id = $1`, [id])).toEqual([{ t: 'array' }]);

    expect(await closeOwnJob(db.ds, id)).toBe(1);
    const [closed] = await db.query<{ status: string; closed_at: Date | null }>('SELECT status, closed_at FROM jobs WHERE id = $1', [id]);
    expect(closed!.status).toBe('closed');
    expect(closed!.closed_at).toBeInstanceOf(Date);
    expect(await findJobRow(db.ds, other)).toMatchObject({ title: 'Old title', status: 'open', version: 1, preferred_workers: ['a@example.test'] });
    expect(await closeOwnJob(db.ds, randomUUID())).toBe(0);
  });
});
