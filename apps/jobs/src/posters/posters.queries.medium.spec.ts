import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertJob, upsertPoster } from '../jobs/jobs.queries.js';
import { postersWithOpenJobs } from './posters.queries.js';

/** Medium: the posters with open public jobs, on a real jobs schema. */
describe('the posters statement, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_posters' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function jobs(posterId: string, n: number, visibility = 'public'): Promise<void> {
    for (let i = 0; i < n; i++) {
      const at = new Date();
      await insertJob(db.ds, {
        id: randomUUID(),
        posterId,
        posterVisibility: visibility,
        title: 'Walk a dog',
        category: 'physical',
        constraints: 'Daily.',
        createdAt: at,
        closesAt: new Date(at.getTime() + 86_400_000),
        preferredWorkers: [],
        walkthroughKey: null,
        walkthroughSecret: null,
      });
    }
  }

  it('counts open public jobs per poster, most first, by name and id', async () => {
    const [ann, bo, cy, dee] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await upsertPoster(db.ds, { id: ann, name: 'Ann 100%_done', headline: 'Walker', photoUrl: null });
    await upsertPoster(db.ds, { id: bo, name: 'Bo', headline: null, photoUrl: 'https://x.test/b.png' });
    await upsertPoster(db.ds, { id: cy, name: 'Cy', headline: null, photoUrl: null });
    await upsertPoster(db.ds, { id: dee, name: 'Dee', headline: null, photoUrl: null });
    await jobs(ann, 2);
    await jobs(bo, 3);
    await jobs(cy, 2);
    await jobs(dee, 4, 'anonymous');
    await db.query(`UPDATE jobs SET status = 'closed' WHERE id = (SELECT id FROM jobs WHERE poster_id = $1 LIMIT 1)`, [bo]);

    expect(await postersWithOpenJobs(db.ds, { q: undefined, posterIds: undefined, limit: null })).toEqual([
      { id: ann, name: 'Ann 100%_done', headline: 'Walker', photo_url: null, open_jobs: 2 },
      { id: bo, name: 'Bo', headline: null, photo_url: 'https://x.test/b.png', open_jobs: 2 },
      { id: cy, name: 'Cy', headline: null, photo_url: null, open_jobs: 2 },
    ]);
    expect((await postersWithOpenJobs(db.ds, { q: undefined, posterIds: undefined, limit: 1 })).map((p) => p.id)).toEqual([ann]);
    // The name is matched as typed: % and _ are no wildcards.
    expect((await postersWithOpenJobs(db.ds, { q: '100%_', posterIds: undefined, limit: 10 })).map((p) => p.id)).toEqual([ann]);
    expect(await postersWithOpenJobs(db.ds, { q: '%', posterIds: undefined, limit: 10 })).toHaveLength(1);
    expect((await postersWithOpenJobs(db.ds, { q: 'c', posterIds: undefined, limit: 10 })).map((p) => p.id)).toEqual([cy]);
    expect((await postersWithOpenJobs(db.ds, { q: undefined, posterIds: [cy, dee], limit: 10 })).map((p) => p.id)).toEqual([cy]);
    expect(await postersWithOpenJobs(db.ds, { q: undefined, posterIds: [], limit: 10 })).toEqual([]);
  });
});
