import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { insertJob } from '../jobs/jobs.queries.js';
import { insertTeamJob } from '../team/team.queries.js';
import { closeDueJobs, closeDueTeamJobs } from './lifetime.queries.js';

/** Medium: the expiry sweep's statements on a real jobs schema: due jobs close in batches, soonest first, skipping locked ones. */
describe('the expiry statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_lifetime' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function job(minutesLeft: number, status = 'open'): Promise<{ id: string; posterId: string }> {
    const j = {
      id: randomUUID(),
      posterId: randomUUID(),
      posterVisibility: 'public',
      title: 'Mow a lawn',
      category: 'physical',
      constraints: 'Front.',
      createdAt: new Date(Date.now() - 86_400_000),
      closesAt: new Date(Date.now() + minutesLeft * 60_000),
      preferredWorkers: [],
      walkthroughKey: null,
      walkthroughSecret: null,
    };
    await insertJob(db.ds, j);
    if (status !== 'open') await db.query('UPDATE jobs SET status = $2 WHERE id = $1', [j.id, status]);
    return j;
  }

  it('closes due open jobs soonest first, a batch at a time, and leaves locked, live and hired ones', async () => {
    const [first, second, third] = [await job(-30), await job(-20), await job(-10)];
    const locked = await job(-40);
    await job(30);
    await job(-50, 'in_progress');

    let closed: Awaited<ReturnType<typeof closeDueJobs>> = [];
    await db.ds.transaction(async (em) => {
      await em.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE', [locked.id]);
      closed = await db.ds.transaction((sweep) => closeDueJobs(sweep, 2));
    });
    expect(closed.map((c) => [c.id, c.poster_id])).toEqual([
      [first.id, first.posterId],
      [second.id, second.posterId],
    ]);
    expect(closed[0]!.closed_at).toBeInstanceOf(Date);
    expect((await db.ds.transaction((sweep) => closeDueJobs(sweep, 2))).map((c) => c.id).sort()).toEqual([locked.id, third.id].sort());
    expect(await db.ds.transaction((sweep) => closeDueJobs(sweep, 2))).toEqual([]);
    expect(await db.query(`SELECT count(*)::int AS n FROM jobs WHERE status = 'closed' AND closed_at IS NOT NULL`)).toEqual([{ n: 4 }]);
  });

  it('closes due team jobs the same way', async () => {
    const team = randomUUID();
    const now = Date.now();
    const teamJob = (minutesLeft: number) =>
      insertTeamJob(db.ds, {
        id: randomUUID(),
        teamId: team,
        company: 'Acme',
        postedBy: randomUUID(),
        title: 'Audit',
        budget: 500,
        constraints: 'Books.',
        createdAt: new Date(now - 86_400_000),
        closesAt: new Date(now + minutesLeft * 60_000),
      });
    const [due, alsoDue, live] = [await teamJob(-2), await teamJob(-1), await teamJob(10)];
    expect(await db.ds.transaction((sweep) => closeDueTeamJobs(sweep, 1))).toBe(1);
    expect(await db.ds.transaction((sweep) => closeDueTeamJobs(sweep, 500))).toBe(1);
    expect(await db.ds.transaction((sweep) => closeDueTeamJobs(sweep, 500))).toBe(0);
    const rows = await db.query<{ id: string; status: string; decided: boolean }>(
      'SELECT id, status, decided_at IS NOT NULL AS decided FROM team_jobs WHERE team_id = $1 ORDER BY closes_at',
      [team],
    );
    expect(rows).toEqual([
      { id: due.id, status: 'closed', decided: true },
      { id: alsoDue.id, status: 'closed', decided: true },
      { id: live.id, status: 'open', decided: false },
    ]);
  });
});
