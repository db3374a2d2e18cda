import { randomUUID } from 'node:crypto';

import {
  type Caller,
  getMemberCard,
  type InputOf,
  jobPostedV1,
  jobPreferredWorkersNamedV1,
  type OutputOf,
  postJob,
  resolveMemberReferences,
} from '@marketplace/contracts';
import { createLogger, type HandlerContext } from '@marketplace/service-kit';
import { FakeBus, openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { jobsEntities, jobsMigrations } from '../jobs.entities.js';
import { JobTextReviewer } from '../safety/model-safety-review.js';
import { JOB_LIFETIME_MS, PostJobHandler } from './post-job.handler.js';

/**
 * Medium: the post-job handler against the jobs schema as its migrations build it on a real
 * PostgreSQL, with a fake bus standing in for identity. What it proves and a unit test cannot:
 * the job, its first version, the poster's card and the named workers written in one
 * transaction with their outbox events, and a refused attempt still counted while nothing else
 * is kept.
 */
const workerId = randomUUID();
const cards = new Map<string, OutputOf<typeof getMemberCard>>();

function member(over: Partial<OutputOf<typeof getMemberCard>> = {}): OutputOf<typeof getMemberCard> {
  const card = {
    id: randomUUID(),
    name: 'Pat Poster',
    headline: 'Hires writers',
    photoUrl: null,
    emailVerified: true,
    staff: false,
    missing: [],
    signUpFinished: true,
    ...over,
  };
  cards.set(card.id, card);
  return card;
}

function ctxFor(memberId: string): HandlerContext {
  const caller: Caller = { memberId, via: 'key', scopes: ['agent:read', 'agent:write'], staff: false, emailVerified: true };
  return { requestId: randomUUID(), caller, callerToken: 'signed-by-the-gateway', surface: 'rest' };
}

const job = (over: Record<string, unknown> = {}): InputOf<typeof postJob> =>
  postJob.input.parse({ title: 'Tidy a spreadsheet', category: 'data', constraints: '## Scope\nMerge two sheets.', ...over });

interface JobRow {
  id: string;
  poster_id: string;
  status: string;
  version: number;
  title: string;
  poster_visibility: string;
  created_at: Date;
  closes_at: Date;
  preferred_workers: string[];
}

describe('posting a job, against a real jobs schema', () => {
  let db: ServiceSchema;
  let bus: FakeBus;
  let handler: PostJobHandler;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: jobsEntities, migrations: jobsMigrations, label: 'jobs' });
    bus = new FakeBus()
      .answer(getMemberCard, ({ memberId }) => {
        const card = cards.get(memberId);
        if (!card) throw new Error(`no card for ${memberId}`);
        return card;
      })
      // Identity resolves emails it knows; anything else stays unresolved, as the contract allows.
      .answer(resolveMemberReferences, ({ references }) => ({
        members: references.map((reference) => ({ reference, memberId: reference === 'wendy@example.test' ? workerId : null })),
      }));
    handler = new PostJobHandler(db.uow, bus.asBusClient(), new JobTextReviewer(createLogger('jobs-test')));
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const jobsOf = (posterId: string) => db.query<JobRow>('SELECT * FROM jobs WHERE poster_id = $1', [posterId]);
  const attemptsOf = async (posterId: string) =>
    (await db.query<{ n: number | null }>(`SELECT sum(count)::int AS n FROM limit_attempts WHERE bucket = 'job_posts' AND subject = $1`, [posterId]))[0]!.n ??
    0;
  const eventsOf = async (jobId: string) => (await db.outbox()).filter((e) => (e.envelope.payload as { jobId?: string }).jobId === jobId);

  it('writes the job, version 1 and the poster card, records job.posted, and counts the attempt', async () => {
    const pat = member();
    const kicks = db.relayKicks();
    const posted = await handler.handle(job({ posterVisibility: 'anonymous' }), ctxFor(pat.id));

    const [row, ...more] = await jobsOf(pat.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      id: posted.id,
      status: 'open',
      version: 1,
      title: 'Tidy a spreadsheet',
      poster_visibility: 'anonymous',
      preferred_workers: [],
    });
    expect(row!.closes_at.getTime() - row!.created_at.getTime()).toBe(JOB_LIFETIME_MS);
    expect(await db.query('SELECT version, title, category FROM job_versions WHERE job_id = $1', [posted.id])).toEqual([
      { version: 1, title: 'Tidy a spreadsheet', category: 'data' },
    ]);
    expect(await db.query('SELECT name, headline FROM posters WHERE member_id = $1', [pat.id])).toEqual([{ name: 'Pat Poster', headline: 'Hires writers' }]);

    const events = await eventsOf(posted.id);
    expect(events.map((e) => e.subject)).toEqual([jobPostedV1.subject]);
    expect(events[0]!.envelope.payload).toEqual({
      jobId: posted.id,
      posterId: pat.id,
      title: 'Tidy a spreadsheet',
      category: 'data',
      posterVisibility: 'anonymous',
      closesAt: row!.closes_at.toISOString(),
    });
    expect(db.relayKicks()).toBe(kicks + 1);
    expect(await attemptsOf(pat.id)).toBe(1);
    // The poster sees themselves on their own anonymous job.
    expect(posted).toMatchObject({ id: posted.id, version: 1, status: 'open', postedBy: { id: pat.id, name: 'Pat Poster' } });
  });

  it('names the preferred workers identity resolves (never the poster), keeps the references as typed, and tells them', async () => {
    const pat = member();
    const references = ['wendy@example.test', 'nobody@example.test', pat.id];
    const posted = await handler.handle(job({ preferredWorkers: references }), ctxFor(pat.id));

    expect((await jobsOf(pat.id))[0]!.preferred_workers).toEqual(references);
    expect(await db.query('SELECT member_id FROM job_preferred_workers WHERE job_id = $1', [posted.id])).toEqual([{ member_id: workerId }]);
    const events = await eventsOf(posted.id);
    expect(events.map((e) => e.subject)).toEqual([jobPostedV1.subject, jobPreferredWorkersNamedV1.subject]);
    expect(events[1]!.envelope.payload).toEqual({ jobId: posted.id, posterId: pat.id, title: 'Tidy a spreadsheet', workerIds: [workerId] });
    expect(bus.inputsOf(resolveMemberReferences)).toContainEqual({ references });
    expect(posted.hasPreferredWorker).toBe(true);
  });

  it('a safety refusal (403) keeps nothing but the counted attempt', async () => {
    const pat = member();
    const before = (await db.outbox()).length;
    await expect(handler.handle(job({ title: 'Fix this f.u.c.k-up' }), ctxFor(pat.id))).rejects.toMatchObject({ status: 403 });
    expect(await jobsOf(pat.id)).toEqual([]);
    expect(await db.query('SELECT 1 FROM posters WHERE member_id = $1', [pat.id])).toEqual([]);
    expect((await db.outbox()).length).toBe(before);
    // Spec: submission counting includes safety refusals.
    expect(await attemptsOf(pat.id)).toBe(1);
  });

  it('an incomplete profile (403) writes and counts nothing', async () => {
    const pat = member({ missing: ['headline'] });
    const before = (await db.outbox()).length;
    await expect(handler.handle(job(), ctxFor(pat.id))).rejects.toMatchObject({ status: 403, message: expect.stringMatching(/headline/) });
    expect(await jobsOf(pat.id)).toEqual([]);
    expect(await attemptsOf(pat.id)).toBe(0);
    expect((await db.outbox()).length).toBe(before);
  });
});
