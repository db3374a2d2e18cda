import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertJob, insertJobVersion } from '../jobs/jobs.queries.js';
import { countApplicant, hireOf, isJobWorker, moveStatus, type StatusMove, statusOf, uncountApplicant } from './hiring.queries.js';

/** Medium: hiring's statements on a real jobs schema: the compare-and-set move, the hire, the applicant count. */
describe('the hiring statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_hiring' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function job(): Promise<string> {
    const at = new Date(Date.now() - 60_000);
    const id = randomUUID();
    await insertJob(db.ds, {
      id,
      posterId: randomUUID(),
      posterVisibility: 'public',
      title: 'Paint a fence',
      category: 'physical',
      constraints: 'White.',
      createdAt: at,
      closesAt: new Date(at.getTime() + 86_400_000),
      preferredWorkers: [],
      walkthroughKey: null,
      walkthroughSecret: null,
    });
    await insertJobVersion(db.ds, { jobId: id, version: 1, title: 'Paint a fence', category: 'physical', constraints: 'White.', createdAt: at });
    return id;
  }

  it('hires once, moves on only for the recorded hire, and reopens for another 14 days', async () => {
    const id = await job();
    const [hire, worker] = [randomUUID(), randomUUID()];
    const move = (over: Partial<StatusMove>) =>
      moveStatus(db.ds, {
        jobId: id,
        from: ['open'],
        to: 'in_progress',
        hiredApplicationId: hire,
        workerId: worker,
        hiring: true,
        reopen: false,
        ...over,
      });
    expect(await hireOf(db.ds, id)).toMatchObject({ worker_id: null, hired_application_id: null });
    expect(await move({})).toEqual({ status: 'in_progress', hired_application_id: hire });
    // The same move again finds the job no longer open: nothing moves.
    expect(await move({})).toBeUndefined();
    expect(await statusOf(db.ds, id)).toEqual({ status: 'in_progress', hired_application_id: hire });
    expect(await isJobWorker(db.ds, id, worker)).toBe(true);
    expect(await isJobWorker(db.ds, id, randomUUID())).toBe(false);
    const hired = await hireOf(db.ds, id);
    expect(hired).toMatchObject({ worker_id: worker, hired_application_id: hire });
    expect(hired!.version_created_at).toBeInstanceOf(Date);

    // Past `open`, only the recorded hire moves the job.
    expect(await move({ from: ['in_progress'], to: 'submitted', hiring: false, hiredApplicationId: randomUUID() })).toBeUndefined();
    expect(await move({ from: ['in_progress'], to: 'submitted', hiring: false, workerId: null })).toEqual({ status: 'submitted', hired_application_id: hire });
    expect(await isJobWorker(db.ds, id, worker)).toBe(true);

    // Reopening clears the hire and gives the job another 14 days.
    expect(await move({ from: ['submitted', 'in_progress'], to: 'open', hiring: false, reopen: true, workerId: null })).toEqual({
      status: 'open',
      hired_application_id: null,
    });
    const [reopened] = await db.query<{ worker_id: string | null; days: number }>(
      `SELECT worker_id, round(extract(epoch FROM closes_at - now()) / 86400)::int AS days FROM jobs WHERE id = $1`,
      [id],
    );
    expect(reopened).toEqual({ worker_id: null, days: 14 });

    // An open job hidden by staff or past its closing time is hired by nobody.
    await db.query(`UPDATE jobs SET safety_hidden = true WHERE id = $1`, [id]);
    expect(await move({})).toBeUndefined();
    await db.query(`UPDATE jobs SET safety_hidden = false, closes_at = now() - interval '1 minute' WHERE id = $1`, [id]);
    expect(await move({})).toBeUndefined();
    expect(await statusOf(db.ds, randomUUID())).toBeUndefined();
  });

  it('counts applicants, never below zero', async () => {
    const id = await job();
    const applicants = async () => (await db.query<{ applicants: number }>('SELECT applicants FROM jobs WHERE id = $1', [id]))[0]!.applicants;
    expect(await countApplicant(db.ds, id)).toBe(1);
    expect(await countApplicant(db.ds, id)).toBe(1);
    expect(await applicants()).toBe(2);
    expect(await uncountApplicant(db.ds, id)).toBe(1);
    expect(await uncountApplicant(db.ds, id)).toBe(1);
    expect(await uncountApplicant(db.ds, id)).toBe(1);
    expect(await applicants()).toBe(0);
  });
});
