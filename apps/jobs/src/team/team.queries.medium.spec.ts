import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import {
  closeTeamJob,
  findTeamJob,
  insertTeamJob,
  jobsOfTeam,
  moveTeamJob,
  type NewTeamJob,
  openTeamJobs,
  recordListingFee,
  recordTeamApplication,
  renameTeamJobs,
  teamFigures,
} from './team.queries.js';

/** Medium: the team surface's statements on a real jobs schema: posting with its fee, the board, closing, hiring, figures. */
describe('the team statements, against a real jobs schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs_team' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const post = (teamId: string, over: Partial<NewTeamJob> & { hoursAgo?: number; daysLeft?: number } = {}) => {
    const createdAt = new Date(Date.now() - (over.hoursAgo ?? 1) * 3_600_000);
    return insertTeamJob(db.ds, {
      id: randomUUID(),
      teamId,
      company: 'Acme',
      postedBy: randomUUID(),
      title: 'Audit the books',
      budget: 800,
      constraints: 'Q3.',
      createdAt,
      closesAt: new Date(Date.now() + (over.daysLeft ?? 14) * 86_400_000),
      ...over,
    });
  };

  it('posts, lists, closes, renames and hires on team jobs', async () => {
    const team = randomUUID();
    const first = await post(team, { hoursAgo: 3 });
    expect(first).toMatchObject({ team_id: team, company: 'Acme', title: 'Audit the books', budget: 800, status: 'open' });
    expect(first.created_at).toBeInstanceOf(Date);
    const second = await post(team, { hoursAgo: 2 });
    const gone = await post(team, { hoursAgo: 1, daysLeft: -1 });
    await post(randomUUID(), { hoursAgo: 0.5 });

    expect(await findTeamJob(db.ds, first.id)).toEqual(first);
    expect(await findTeamJob(db.ds, randomUUID())).toBeUndefined();
    expect((await jobsOfTeam(db.ds, team)).map((j) => j.id)).toEqual([gone.id, second.id, first.id]);
    const board = await openTeamJobs(db.ds, 10);
    expect(board.map((j) => j.id)).not.toContain(gone.id);
    expect(board.map((j) => j.id).slice(-2)).toEqual([second.id, first.id]);
    expect(await openTeamJobs(db.ds, 1)).toHaveLength(1);

    expect(await closeTeamJob(db.ds, gone.id)).toBeUndefined();
    expect(await closeTeamJob(db.ds, second.id)).toMatchObject({ id: second.id, status: 'closed' });
    expect(await closeTeamJob(db.ds, second.id)).toBeUndefined();

    expect(await renameTeamJobs(db.ds, team, 'Acme Ltd')).toBe(3);
    expect((await findTeamJob(db.ds, first.id))?.company).toBe('Acme Ltd');

    const hire = randomUUID();
    expect(await moveTeamJob(db.ds, { jobId: first.id, from: 'open', to: 'filled', hiredApplicationId: hire })).toBe(true);
    expect(await moveTeamJob(db.ds, { jobId: first.id, from: 'open', to: 'filled', hiredApplicationId: hire })).toBe(false);
    // Undone only for the hire it recorded.
    expect(await moveTeamJob(db.ds, { jobId: first.id, from: 'filled', to: 'open', hiredApplicationId: randomUUID() })).toBe(false);
    expect(await db.query('SELECT hired_application_id, decided_at IS NOT NULL AS decided FROM team_jobs WHERE id = $1', [first.id])).toEqual([
      { hired_application_id: hire, decided: true },
    ]);
    expect(await moveTeamJob(db.ds, { jobId: first.id, from: 'filled', to: 'open', hiredApplicationId: hire })).toBe(true);
    expect(await db.query('SELECT status, hired_application_id, decided_at FROM team_jobs WHERE id = $1', [first.id])).toEqual([
      { status: 'open', hired_application_id: null, decided_at: null },
    ]);
    // Past its closing time a job is hired by nobody.
    expect(await moveTeamJob(db.ds, { jobId: gone.id, from: 'open', to: 'filled', hiredApplicationId: hire })).toBe(false);
  });

  it("records fees and applications, and counts the team's figures since a day", async () => {
    const team = randomUUID();
    const since = new Date(Date.now() - 86_400_000);
    const old = await post(team, { hoursAgo: 48 });
    const open = await post(team);
    const filled = await post(team);
    await db.query(`UPDATE team_jobs SET status = 'filled' WHERE id = $1`, [filled.id]);
    const expired = await post(team, { daysLeft: -1 });
    const closed = await post(team);
    await closeTeamJob(db.ds, closed.id);
    for (const j of [old, open, filled, expired, closed]) {
      expect(await recordListingFee(db.ds, { jobId: j.id, teamId: team, memberId: randomUUID(), amountDollars: 1, recordedAt: j.created_at })).toBe(1);
    }
    const application = randomUUID();
    expect(await recordTeamApplication(db.ds, { applicationId: application, jobId: open.id, submittedAt: new Date().toISOString() })).toBe(1);
    expect(await recordTeamApplication(db.ds, { applicationId: application, jobId: open.id, submittedAt: new Date().toISOString() })).toBe(0);
    expect(await recordTeamApplication(db.ds, { applicationId: randomUUID(), jobId: randomUUID(), submittedAt: new Date().toISOString() })).toBe(0);
    expect(
      await recordTeamApplication(db.ds, { applicationId: randomUUID(), jobId: old.id, submittedAt: new Date(Date.now() - 3 * 86_400_000).toISOString() }),
    ).toBe(1);
    expect(await db.query('SELECT team_id, job_id FROM team_application_records WHERE application_id = $1', [application])).toEqual([
      { team_id: team, job_id: open.id },
    ]);

    expect(await teamFigures(db.ds, team, since)).toEqual({ posted: 4, open: 2, filled: 1, closed: 2, applications: 1, fees: 4 });
    expect(await teamFigures(db.ds, randomUUID(), since)).toEqual({ posted: 0, open: 0, filled: 0, closed: 0, applications: 0, fees: 0 });
  });
});
