import { randomBytes, randomUUID } from 'node:crypto';

import { openServiceSchema, runMigrationUp, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { linkViewer, walkthroughLink, walkthroughSecret } from '../jobs/walkthrough-link.js';
import { SealWalkthroughSecrets1795800000000 } from './1795800000000-seal-walkthrough-secrets.js';

/** Medium: a job's link-signing key stored in the clear is sealed in place; links made before still verify. */
describe('SealWalkthroughSecrets migration, on a real jobs schema', () => {
  let db: ServiceSchema;
  const jobId = randomUUID();
  const viewer = randomUUID();
  const secret = randomBytes(32).toString('base64url');

  beforeAll(async () => {
    const before = jobsMigrations.filter((m) => m !== SealWalkthroughSecrets1795800000000);
    db = await openServiceSchema({ entities: jobsEntities, migrations: before, label: 'jobs_seal' });
    await db.query(
      `INSERT INTO jobs (id, poster_id, poster_visibility, title, category, constraints, status, safety_hidden, created_at, version,
         closes_at, applicants, preferred_workers, walkthrough_key, walkthrough_secret)
       VALUES ($1, $2, 'public', 'T', 'data', 'c', 'open', false, now(), 1, now() + interval '1 day', 0, '[]', 'k.webm', $3)`,
      [jobId, randomUUID(), secret],
    );
    await runMigrationUp(db.ds, new SealWalkthroughSecrets1795800000000());
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  it('keeps the key sealed, and a link signed before the migration still names its viewer', async () => {
    const [row] = await db.query<{ walkthrough_secret: string }>('SELECT walkthrough_secret FROM jobs WHERE id = $1', [jobId]);
    expect(row!.walkthrough_secret).not.toContain(secret);
    expect(walkthroughSecret(row!.walkthrough_secret)).toBe(secret);
    const link = new URL(walkthroughLink(secret, jobId, viewer), 'http://x').searchParams.get('link')!;
    expect(linkViewer(walkthroughSecret(row!.walkthrough_secret), jobId, link)).toBe(viewer);
  });
});
