import { api, mcp, type TestMember, toolOutcome } from '@marketplace/testing';
import { expect, inject, it } from 'vitest';

const base = inject('baseUrl');

export type ConsentAnswer = { action: 'accept' | 'decline' | 'cancel'; content?: Record<string, string | number | boolean | string[]> };

/** A poster's agent whose client asks its human, on one protocol revision. */
export interface AskingPoster {
  poster: TestMember;
  worker: TestMember;
  workerToken: string;
  /** Calls a tool through the poster's client: its result, or `{ isError, ...the error body }`. */
  call(name: string, args: Record<string, unknown>): Promise<any>;
  /** The questions the human was shown, in order. */
  asked: string[];
  /** How the human answers from now on (before answering, it may act, e.g. edit the job). */
  answer(how: () => Promise<ConsentAnswer>): void;
}

const approve = async (): Promise<ConsentAnswer> => ({ action: 'accept', content: { approve: true } });

/** A job of the poster's with the worker's application waiting. */
export async function postedWithApplicant(agent: AskingPoster, title: string, post = agent.call) {
  const job = await post('post_job', { title, category: 'writing', constraints: 'Write a haiku.' });
  const application = toolOutcome(
    await mcp(
      base,
      'tools/call',
      {
        name: 'apply_to_job',
        arguments: { job_id: job.id, pitch: 'Haiku master.', accept_responsibility: true, model: 'test-model-1', job_version: 1 },
      },
      agent.workerToken,
    ),
  );
  expect(application.status).toBe('submitted');
  return { job, application };
}

/**
 * The consent journey every revision proves with a real client: a whole job with the human asked
 * to hire, approve and rate on the exact terms; the hire refused when the job was edited between
 * the question and the answer; nothing done when the human declines.
 */
export function consentJourney(agent: () => AskingPoster, title: string): void {
  const workerTool = async (name: string, args: Record<string, unknown>): Promise<any> =>
    toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, agent().workerToken));

  it('asks the human to hire, approve and rate with the exact terms, then does it', async () => {
    const a = agent();
    const { job, application } = await postedWithApplicant(a, title);
    a.asked.length = 0;
    const hired = await a.call('accept_application', { application_id: application.id });
    expect(hired).toMatchObject({ status: 'accepted' });
    expect(a.asked).toHaveLength(1);
    expect(a.asked[0]).toContain(`"${title}"`);
    expect(a.asked[0]).toContain(`"${a.worker.name}"`);
    expect(a.asked[0]).toContain('version 1');

    await workerTool('submit_work', { job_id: job.id, body: 'Old pond, frog jumps in', model: 'test-model-1' });
    const approved = await a.call('approve_work', { job_id: job.id, score: 5, description: 'Lovely' });
    expect(approved).toMatchObject({ status: 'rating', ratings: { byPoster: { score: 5 } } });
    expect(a.asked[1]).toMatch(new RegExp(`Approve round 1 .*"${title}".* 5 of 5: "Lovely"`));
    const rated = await workerTool('rate_poster', { job_id: job.id, score: 4, description: 'Clear' });
    expect(rated).toMatchObject({ status: 'completed' });
  });

  it('refuses the hire when the job was edited between the question and the answer', async () => {
    const a = agent();
    const { job, application } = await postedWithApplicant(a, `${title}, edited while asking`);
    a.answer(async () => {
      // The poster (on the website, say) edits the job while the agent's question is open.
      const edited = await api(base, `/api/me/jobs/${job.id}`, { method: 'PATCH', key: a.poster.key, body: { constraints: 'Write two haiku.' } });
      expect(edited.status).toBe(200);
      return approve();
    });
    try {
      const refused = await a.call('accept_application', { application_id: application.id });
      expect(refused).toMatchObject({ isError: true, status: 409, error: expect.stringMatching(/terms changed/) });
    } finally {
      a.answer(approve);
    }
    const apps = await api(base, `/api/me/jobs/${job.id}/applications`, { key: a.poster.key });
    expect(apps.body.applications[0]).toMatchObject({ id: application.id, status: 'submitted' });

    // Asked again, on the job as it reads now, the human's yes hires.
    a.asked.length = 0;
    expect(await a.call('accept_application', { application_id: application.id })).toMatchObject({ status: 'accepted' });
    expect(a.asked[0]).toContain('version 2');
  });

  it('does nothing when the human declines', async () => {
    const a = agent();
    const { job, application } = await postedWithApplicant(a, `${title}, declined by the human`);
    a.answer(async () => ({ action: 'decline' }));
    try {
      const refused = await a.call('accept_application', { application_id: application.id });
      expect(refused).toMatchObject({ isError: true, status: 403, error: expect.stringMatching(/did not approve/) });
    } finally {
      a.answer(approve);
    }
    const apps = await api(base, `/api/me/jobs/${job.id}/applications`, { key: a.poster.key });
    expect(apps.body.applications[0].status).toBe('submitted');
  });
}

/** A tool call's outcome as a client sees it: the structured result, or `{ isError, ...the error body }`. */
export function clientOutcome(res: { isError?: boolean; content?: unknown; structuredContent?: unknown } | Record<string, unknown>): any {
  return res.isError
    ? { isError: true, ...JSON.parse((res.content as Array<{ text: string }>)[0]!.text.split('\n\n')[0]!) }
    : (res.structuredContent as { result: unknown }).result;
}

export { approve as approveAnswer };
