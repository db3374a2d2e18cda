import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { draftsEntities, draftsMigrations } from '../drafts.entities.js';
import type { JobDraftEntity } from './draft.entity.js';
import {
  countOpenDrafts,
  deleteMemberDrafts,
  draftById,
  draftByTokenHash,
  draftOfJob,
  draftOfMember,
  insertDraft,
  latestOpenDraft,
  openDraftsPage,
  postedDraftOfJobLocked,
  setDraftCosts,
  updateDraft,
} from './drafts.queries.js';

/** Medium: the drafts' statements on a real PostgreSQL schema built by the drafts migrations. */
function newDraft(memberId: string, over: Partial<JobDraftEntity> = {}): JobDraftEntity {
  const now = new Date();
  return {
    id: randomUUID(),
    memberId,
    status: 'open',
    jobId: null,
    posterVisibility: 'public',
    answers: { problem: 'The build is slow' },
    answersVersion: 1,
    research: null,
    researchCorrection: null,
    followUps: [],
    posting: null,
    approved: [],
    tasks: {},
    jobEval: null,
    costs: { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null },
    recordingTokenHash: null,
    recordingLinkExpiresAt: null,
    recordingId: null,
    createdAt: now,
    updatedAt: now,
    ...over,
  };
}

describe('the drafts statements, against a real drafts schema', () => {
  let s: ServiceSchema;

  beforeAll(async () => {
    s = await openServiceSchema({ entities: draftsEntities, migrations: draftsMigrations, label: 'drafts' });
  }, 60_000);
  afterAll(async () => {
    await s?.drop();
  }, 60_000);

  it('inserts a draft and reads it back whole, by id, by member and by its record link', async () => {
    const member = randomUUID();
    const draft = newDraft(member, {
      followUps: [{ id: 'f1', question: 'When?', hint: '', options: ['Soon', 'Later'] }],
      approved: ['summary'],
      tasks: { research: { status: 'pending', step: 'queued', error: null, startedAt: '2026-01-01T00:00:00.000Z', finishedAt: null, runId: 'r1' } },
      recordingTokenHash: `hash-${randomUUID()}`,
      recordingLinkExpiresAt: new Date(Date.now() + 60_000),
    });
    expect(await insertDraft(s.ds, draft)).toBe(draft);
    const read = await draftById(s.ds, draft.id);
    expect(read).toEqual(draft);
    expect(read!.createdAt).toBeInstanceOf(Date);
    // Arrays stay jsonb arrays (not PostgreSQL arrays) and null stays SQL NULL.
    const [raw] = (await s.ds.query(
      'SELECT jsonb_typeof(follow_ups) AS f, jsonb_typeof(approved) AS a, research IS NULL AS r, job_eval IS NULL AS e FROM job_drafts WHERE id = $1',
      [draft.id],
    )) as { f: string; a: string; r: boolean; e: boolean }[];
    expect(raw).toEqual({ f: 'array', a: 'array', r: true, e: true });
    expect(await draftOfMember(s.ds, draft.id, member)).toEqual(draft);
    expect(await draftOfMember(s.ds, draft.id, randomUUID())).toBeNull();
    expect(await draftById(s.ds, randomUUID())).toBeNull();
    expect((await draftByTokenHash(s.ds, draft.recordingTokenHash!))?.id).toBe(draft.id);
    expect(await draftByTokenHash(s.ds, 'no-such-hash')).toBeNull();
  });

  it('writes a changed draft back under its lock, and its costs alone', async () => {
    const draft = newDraft(randomUUID());
    await insertDraft(s.ds, draft);
    await s.ds.transaction(async (em) => {
      const locked = (await draftById(em, draft.id, true))!;
      locked.status = 'posted';
      locked.jobId = 'job-1';
      locked.posting = {
        title: 'Faster build',
        category: 'devops',
        description: 'Make it fast',
        summary: 'Fast',
        evaluation: { score: 80, verdict: 'good', strengths: [], gaps: [], analyzed: true },
        writtenAt: '2026-01-01T00:00:00.000Z',
        writtenBy: 'model',
        answersVersion: 1,
      };
      locked.jobEval = {
        version: 2,
        evaluatedVersion: 1,
        task: { status: 'pending', step: 'queued', error: null, startedAt: 'x', finishedAt: null, runId: 'r' },
      };
      locked.updatedAt = new Date(Date.now() + 1000);
      await updateDraft(em, locked);
    });
    const after = (await draftById(s.ds, draft.id))!;
    expect(after).toMatchObject({ status: 'posted', jobId: 'job-1', jobEval: { version: 2, evaluatedVersion: 1 } });
    expect(after.posting?.title).toBe('Faster build');
    const costs = {
      calls: 2,
      promptTokens: 10,
      completionTokens: 5,
      usd: 0.5,
      model: 'm',
      byTask: { eval: { calls: 2, promptTokens: 10, completionTokens: 5, usd: 0.5, model: 'm' } },
    };
    expect(await setDraftCosts(s.ds, draft.id, costs)).toBe(1);
    expect((await draftById(s.ds, draft.id))!.costs).toEqual(costs);
    expect((await postedDraftOfJobLocked(s.ds, 'job-1'))?.id).toBe(draft.id);
    expect(await postedDraftOfJobLocked(s.ds, 'job-2')).toBeNull();
    expect((await draftOfJob(s.ds, 'job-1', draft.memberId))?.id).toBe(draft.id);
    expect(await draftOfJob(s.ds, 'job-1', randomUUID())).toBeNull();
  });

  it("lists a member's open drafts newest first, pages and counts them, and deletes them all", async () => {
    const member = randomUUID();
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    const older = newDraft(member, { updatedAt: at(1) });
    const newer = newDraft(member, { updatedAt: at(3) });
    const middle = newDraft(member, { updatedAt: at(2) });
    const discarded = newDraft(member, { status: 'discarded', updatedAt: at(9) });
    for (const d of [older, newer, middle, discarded, newDraft(randomUUID())]) await insertDraft(s.ds, d);

    expect((await openDraftsPage(s.ds, member, 0, 10)).map((d) => d.id)).toEqual([newer.id, middle.id, older.id]);
    expect((await openDraftsPage(s.ds, member, 1, 1)).map((d) => d.id)).toEqual([middle.id]);
    expect(await countOpenDrafts(s.ds, member)).toBe(3);
    expect((await latestOpenDraft(s.ds, member))?.id).toBe(newer.id);
    expect(await latestOpenDraft(s.ds, randomUUID())).toBeNull();

    expect(await deleteMemberDrafts(s.ds, member)).toBe(4);
    expect(await countOpenDrafts(s.ds, member)).toBe(0);
  });
});
