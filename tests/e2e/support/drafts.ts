import { api, type TestMember, until } from '@marketplace/testing';
import { expect, inject } from 'vitest';

/** Guided drafts driven to a posted job the way a poster's client does, over REST. */

const base = inject('baseUrl');
type Draft = Record<string, any>;
const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });

/** Polls the draft until none of its tasks is pending, as a client is told to. */
export async function settledDraft(m: TestMember, id: string): Promise<Draft> {
  return until(
    async () => {
      const d = (await call(m, `/api/me/job-drafts/${id}`)).body as Draft;
      return Object.values(d.tasks).some((t: any) => t?.status === 'pending') ? undefined : d;
    },
    { timeoutMs: 30_000, intervalMs: 200, what: 'draft tasks to finish' },
  );
}

/**
 * A draft answered in full, written, approved part by part and posted; `beforeWriting` runs once
 * the interview is done (to record a walkthrough, say). Returns the posted job and the draft's id.
 */
export async function postFromDraft(
  m: TestMember,
  posterVisibility: 'public' | 'anonymous',
  beforeWriting?: (draftId: string) => Promise<void>,
): Promise<{ job: Record<string, any>; draftId: string }> {
  const id = await approvedDraft(m, posterVisibility, beforeWriting);
  const posted = await call(m, `/api/me/job-drafts/${id}/post`, 'POST', { acknowledgeExposures: true });
  expect(posted.status, JSON.stringify(posted.body)).toBe(201);
  return { job: posted.body, draftId: id };
}

/** The same draft up to the post: every part approved, ready for `POST /api/me/job-drafts/{id}/post`. */
export async function approvedDraft(
  m: TestMember,
  posterVisibility: 'public' | 'anonymous',
  beforeWriting?: (draftId: string) => Promise<void>,
): Promise<string> {
  const created = await call(m, '/api/me/job-drafts', 'POST', {
    answers: { context: 'A small web shop on a hosted platform.', problem: 'The nightly stock export fails with a timeout.' },
    posterVisibility,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  let d = await settledDraft(m, id);
  while (d.nextQuestion) {
    const q = d.nextQuestion;
    const value = q.answerIds[0] === 'category' ? 'engineering' : (q.options[0] ?? 'A green run of the nightly export.');
    expect((await call(m, `/api/me/job-drafts/${id}`, 'PATCH', { answers: { [q.answerIds[0]]: value } })).status).toBe(200);
    d = await settledDraft(m, id);
  }
  await beforeWriting?.(id);
  expect((await call(m, `/api/me/job-drafts/${id}/writing`, 'POST', {})).status).toBe(202);
  await settledDraft(m, id);
  for (const part of ['evaluation', 'summary', 'details', 'visibility']) {
    const res = await call(m, `/api/me/job-drafts/${id}/approvals`, 'POST', { part });
    expect(res.status, `${part}: ${JSON.stringify(res.body)}`).toBe(200);
  }
  return id;
}
