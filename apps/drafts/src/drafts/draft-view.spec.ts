import { inServiceScope } from '@marketplace/service-kit';
import { describe, expect, it } from 'vitest';

import type { JobDraftEntity } from './draft.entity.js';
import { isStale, readiness, taskState, toJobDraft } from './draft-view.js';

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();

function draft(over: Partial<JobDraftEntity> = {}): JobDraftEntity {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    memberId: '00000000-0000-4000-8000-000000000002',
    status: 'open',
    jobId: null,
    posterVisibility: 'public',
    answers: { context: 'A shop.', problem: 'Fix it.' },
    answersVersion: 1,
    research: null,
    researchCorrection: null,
    followUps: [],
    posting: null,
    approved: [],
    tasks: {},
    costs: { calls: 0, promptTokens: 0, completionTokens: 0, usd: 0, model: null },
    createdAt: new Date(),
    updatedAt: new Date(),
    ...over,
  } as JobDraftEntity;
}

describe('draft view', () => {
  it('reads a task pending for over ten minutes as failed, and a younger one as pending', () => {
    const run = { status: 'pending' as const, step: 'queued', error: null, finishedAt: null, runId: 'r' };
    expect(taskState({ ...run, startedAt: at(9 * 60_000) })).toMatchObject({ status: 'pending', error: null });
    expect(taskState({ ...run, startedAt: at(10 * 60_000 + 1000) })).toMatchObject({
      status: 'failed',
      error: expect.stringMatching(/10 minutes/),
      finishedAt: null,
    });
    expect(taskState(undefined)).toBeNull();
  });

  it('asks follow-ups only once they are written, numbered, with what remains', () => {
    const followUps = [
      { id: 'a', question: 'A?', hint: '', options: ['x'] },
      { id: 'b', question: 'B?', hint: '', options: [] },
    ];
    const writing = draft({ followUps, tasks: { followUps: { status: 'pending', step: null, error: null, startedAt: at(0), finishedAt: null, runId: 'r' } } });
    expect(toJobDraft(writing).nextQuestion).toBeNull();
    const ready = draft({ followUps, answers: { context: 'c', problem: 'p', a: 'x' } });
    expect(toJobDraft(ready).nextQuestion).toEqual({ answerIds: ['b'], question: 'B?', hint: '', options: [], number: 2, total: 2, remaining: 0 });
    expect(toJobDraft(draft({ answers: {} })).nextQuestion).toMatchObject({ answerIds: ['context'], number: null, total: null, remaining: 1 });
  });

  it('is stale when the answers moved on after writing, and says what to do', () => {
    const posting = {
      title: 't',
      category: 'other',
      description: 'd',
      summary: 's',
      writtenAt: at(0),
      writtenBy: 'template',
      answersVersion: 1,
      evaluation: { score: 50, verdict: 'v', strengths: [], gaps: [], analyzed: false },
    };
    expect(isStale(draft({ posting }))).toBe(false);
    const moved = draft({ posting, answersVersion: 2 });
    expect(isStale(moved)).toBe(true);
    expect(readiness(moved).needs).toMatch(/write the job description again/);
  });

  it('gives a review from the first answer on: every part unwritten, the first next, not ready', () => {
    const unwritten = { text: '', approved: false };
    expect(toJobDraft(draft({ answers: { context: 'A shop.' } })).review).toEqual({
      evaluation: unwritten,
      summary: unwritten,
      details: unwritten,
      visibility: unwritten,
      next: 'evaluation',
      ready: false,
    });
  });

  it('gives MCP results the absolute previewUrl, REST results only the path', () => {
    // A service reads PUBLIC_URL once, in its own scope.
    inServiceScope({ PUBLIC_URL: 'https://market.example/' }, () => {
      expect(toJobDraft(draft(), 'mcp')).toMatchObject({
        previewPath: '/drafts/00000000-0000-4000-8000-000000000001',
        previewUrl: 'https://market.example/drafts/00000000-0000-4000-8000-000000000001',
      });
      expect(toJobDraft(draft(), 'rest').previewUrl).toBeUndefined();
    });
  });
});
