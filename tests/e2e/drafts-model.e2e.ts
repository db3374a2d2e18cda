import { api, createMember, type FakeModelServer, makeScreenRecording, startFakeModelServer, type TestMember, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';
import { postFromDraft } from './support/drafts.js';
import { harmlessRecording, holder, newDraft, putPart, recordLink, recordOne } from './support/recordings.js';

/**
 * The drafts worker with a model configured: the real provider code against an OpenAI-compatible
 * server this test runs. Covers results bounded to the contract, token and cost accounting, a
 * model that keeps failing, and a worker killed while the model is thinking.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');

let model: FakeModelServer;
let modelEnv: Record<string, string>;

beforeAll(async () => {
  model = await startFakeModelServer();
  modelEnv = {
    MODEL_BASE_URL: model.url,
    MODEL_NAME: 'fake-chat',
    MODEL_API_KEY: 'sk-drafts-test',
    MODEL_RETRIES: '0',
    MODEL_TIMEOUT_MS: '20000',
    MODEL_USD_PER_MILLION_PROMPT: '1000',
    MODEL_USD_PER_MILLION_COMPLETION: '2000',
    MODEL_TRANSCRIPTION_NAME: 'fake-whisper',
    MODEL_USD_PER_AUDIO_MINUTE: '0.006',
  };
  await service('stop', 'drafts-worker');
  await service('start', 'drafts-worker', modelEnv);
});

afterAll(async () => {
  await service('stop', 'drafts-worker');
  await service('start', 'drafts-worker', {});
  await model.stop();
});

const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });

async function waitFor(m: TestMember, id: string, task: string, status: string): Promise<any> {
  return until(
    async () => {
      const d = (await call(m, `/api/me/job-drafts/${id}`)).body;
      return d.tasks[task]?.status === status ? d : undefined;
    },
    { timeoutMs: 45_000, intervalMs: 250, what: `${task} to be ${status}` },
  );
}

/**
 * A new member's draft with a record link, its own model calls (research, follow-ups) done, so
 * replies queued next go to the recording check.
 */
async function draftToRecord(): Promise<{ member: TestMember; draftId: string; token: string }> {
  const member = await createMember(nats);
  const draftId = await newDraft(member);
  const { token } = await recordLink(member, draftId);
  await waitFor(member, draftId, 'research', 'ready');
  await waitFor(member, draftId, 'followUps', 'ready');
  return { member, draftId, token };
}

const writingRequests = () => model.requests.filter((r) => /write a job posting/.test(r.text.system)).length;

describe('drafts with a model configured', () => {
  it("researches, asks the model's follow-ups, writes and evaluates, keeping accounts in costs", async () => {
    const member = await createMember(nats);
    const d0 = (await call(member, '/api/me/job-drafts', 'POST', { answers: { problem: 'Our nightly export fails.', context: 'Small shop, Postgres.' } })).body;
    await waitFor(member, d0.id, 'research', 'ready');
    const asked = await waitFor(member, d0.id, 'followUps', 'ready');
    expect(asked.tasks.research.step).toBe('done with fake-chat');
    // The model gave ten facts; the contract allows eight.
    expect(asked.research.facts).toHaveLength(8);
    expect(asked.research.summary).toMatch(/^Fake research: Context: Small shop/);
    expect(asked.followUps.map((f: any) => f.id)).toEqual(['q1', 'q2']);
    expect(asked.nextQuestion).toMatchObject({
      answerIds: ['q1'],
      question: 'Which deliverable do you need?',
      options: ['A report', 'Code'],
      number: 1,
      total: 2,
      remaining: 1,
    });
    const chat = model.requests.find((r) => r.path === '/v1/chat/completions');
    expect(chat).toMatchObject({ authorization: 'Bearer sk-drafts-test', body: { model: 'fake-chat', response_format: { type: 'json_object' } } });

    await call(member, `/api/me/job-drafts/${d0.id}`, 'PATCH', { answers: { q1: 'Code', q2: 'Next week' } });
    await call(member, `/api/me/job-drafts/${d0.id}/writing`, 'POST', {});
    const written = await waitFor(member, d0.id, 'writing', 'ready');
    expect(written.posting).toMatchObject({
      title: 'Fix the nightly export job',
      category: 'engineering',
      writtenBy: 'fake-chat',
      evaluation: { score: 82, analyzed: true, gaps: ['Budget'] },
    });
    // Research, follow-ups, writing and the eval: four calls, each with tokens and a price.
    expect(written.costs).toMatchObject({ calls: 4, model: 'fake-chat' });
    expect(written.costs.promptTokens).toBeGreaterThan(0);
    expect(written.costs.completionTokens).toBeGreaterThan(0);
    const expectedUsd = (written.costs.promptTokens * 1000 + written.costs.completionTokens * 2000) / 1e6;
    expect(written.costs.usd).toBeCloseTo(expectedUsd, 5);
    const evaluation = (await call(member, `/api/me/job-drafts/${d0.id}/eval`)).body;
    expect(evaluation.evaluation).toMatchObject({ score: 82, verdict: 'Clear enough to start.', analyzed: true });
  });

  it('marks a task failed, with its error, once the model has failed every attempt', async () => {
    const member = await createMember(nats);
    const d0 = (await call(member, '/api/me/job-drafts', 'POST', { answers: { problem: 'Translate our menu.', context: 'A cafe.' } })).body;
    await waitFor(member, d0.id, 'followUps', 'ready');
    await waitFor(member, d0.id, 'research', 'ready');
    model.queue.push({ status: 500 }, { status: 500 }, { status: 500 });
    await call(member, `/api/me/job-drafts/${d0.id}/writing`, 'POST', {});
    const failed = await waitFor(member, d0.id, 'writing', 'failed');
    expect(failed.tasks.writing).toMatchObject({ error: expect.stringMatching(/answered 500/), finishedAt: expect.any(String) });
    expect(failed.posting).toBeNull();
    expect((await call(member, `/api/me/job-drafts/${d0.id}/approvals`, 'POST', { part: 'evaluation' })).status).toBe(400);
    // Writing again recovers.
    await call(member, `/api/me/job-drafts/${d0.id}/writing`, 'POST', {});
    expect((await waitFor(member, d0.id, 'writing', 'ready')).posting.writtenBy).toBe('fake-chat');
  });

  it('finishes a task once when the worker is killed while the model is answering', async () => {
    const member = await createMember(nats);
    const d0 = (await call(member, '/api/me/job-drafts', 'POST', { answers: { problem: 'Design a logo.', context: 'A bakery.' } })).body;
    await waitFor(member, d0.id, 'followUps', 'ready');
    await waitFor(member, d0.id, 'research', 'ready');
    const before = writingRequests();
    model.queue.push({ hang: true });
    await call(member, `/api/me/job-drafts/${d0.id}/writing`, 'POST', {});
    await until(() => writingRequests() > before, { timeoutMs: 15_000, what: 'the worker to ask the model' });
    await service('kill', 'drafts-worker');
    expect((await call(member, `/api/me/job-drafts/${d0.id}`)).body.tasks.writing.status).toBe('pending');
    await service('start', 'drafts-worker', modelEnv);
    const done = await waitFor(member, d0.id, 'writing', 'ready');
    expect(done.posting.writtenBy).toBe('fake-chat');
    // The crashed attempt wrote nothing; the redelivered one wrote the result, once, and was paid for once:
    // research, follow-ups, then writing and its eval.
    expect(writingRequests()).toBe(before + 2);
    expect(done.costs.calls).toBe(4);
    const finishedAt = done.tasks.writing.finishedAt;
    await new Promise((r) => setTimeout(r, 1000));
    expect((await call(member, `/api/me/job-drafts/${d0.id}`)).body.tasks.writing.finishedAt).toBe(finishedAt);
  }, 90_000);

  it('gives the model the recording: frames as images with the text read on them, and the sound as a transcript; a clean check is approved', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    const video = await makeScreenRecording({
      seconds: 5,
      tone: true,
      lines: [{ text: '$ npm run export' }, { text: 'Error: export timed out after 30s', from: 2 }],
    });
    const clean = await recordOne(token, video);
    const checked = (await call(member, `/api/me/job-drafts/${draftId}`)).body;
    expect(checked.recording).toMatchObject({
      id: clean,
      status: 'approved',
      approved: true,
      analyzed: true,
      findings: [],
      moments: [{ id: 'm1', atSeconds: 3, quote: 'after a while it says timeout', suggestedRequirement: 'The export finishes without a timeout.' }],
    });
    // Every part was checked, by the detectors, the speech-to-text model and the vision model, and found nothing.
    expect(checked.recording.checks).toEqual(['screen_text', 'sound', 'faces', 'model_review'].map((part) => ({ part, state: 'done', note: null })));
    expect(checked.recording.acknowledged).toEqual([]);
    // What was said, with its times, from the speech-to-text endpoint.
    expect(checked.recording.transcript).toBe('[0:00] So this is the nightly export.\n[0:02] I click run, and after a while it says timeout.');
    const heard = model.requests.filter((r) => r.path === '/v1/audio/transcriptions').at(-1)!;
    expect(heard.form).toMatchObject({ model: 'fake-whisper', response_format: 'verbose_json' });
    expect(Number(heard.form!.file)).toBeGreaterThan(1000);
    // The model saw the frames as JPEG images, each beside the text read on it.
    const asked = model.requests.filter((r) => /check a screen-recorded walkthrough/.test(r.text.system)).at(-1)!;
    expect(asked.images.length).toBeGreaterThanOrEqual(2);
    for (const image of asked.images) expect(image).toMatch(/^data:image\/jpeg;base64,\/9j\//);
    expect(asked.text.user).toMatch(/Frame at 0:00\. Text read on it: \$ npm run export/);
    expect(asked.text.user).toMatch(/Text read on it: \$ npm run export\s+Error: export timed out after 30s/);
    expect(asked.text.user).toMatch(/\[0:02\] I click run/);
    expect(checked.costs.calls).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it('keeps what the detectors read on screen whatever the model says: a key the model missed refuses approval', async () => {
    const { member, draftId, token } = await draftToRecord();
    model.queue.push({ json: { summary: 'Shows a terminal.', findings: [], moments: [] } });
    const video = await makeScreenRecording({ seconds: 8, lines: [{ text: '$ env | grep AWS' }, { text: 'AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE', from: 3 }] });
    const leaky = await recordOne(token, video);
    const review = await call(member, `/api/me/job-drafts/${draftId}`);
    expect(review.body.recording).toMatchObject({
      id: leaky,
      status: 'needs_review',
      approved: false,
      analyzed: true,
      findings: [{ kind: 'secret', atSeconds: 3 }],
    });
    const refused = await holder(token, `/api/recordings/${leaky}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/credential/i);
  }, 120_000);

  it('asks the model for faces: a face it saw is a finding of the faces part, and approving acknowledges it', async () => {
    const { token } = await draftToRecord();
    model.queue.push({
      json: {
        summary: 'A video call beside the export.',
        findings: [],
        moments: [],
        people: [{ atSeconds: 2, description: 'a colleague in a video call window' }],
      },
    });
    const id = await recordOne(token);
    const rec = (await holder(token, `/api/recordings/${id}`)).body;
    expect(rec).toMatchObject({ status: 'needs_review', approved: false, analyzed: true, findings: [{ kind: 'personal', atSeconds: 2 }] });
    expect(rec.findings[0].description).toMatch(/^Seen by the model, a face or person: a colleague/);
    expect(rec.checks.map((c: { part: string; state: string }) => `${c.part}:${c.state}`)).toEqual([
      'screen_text:done',
      'sound:done',
      'faces:found',
      'model_review:done',
    ]);
    const asked = model.requests.filter((r) => /check a screen-recorded walkthrough/.test(r.text.system)).at(-1)!;
    expect(asked.text.system).toMatch(/"people": .*faces or people/);
    const approved = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true });
    expect(approved.body).toMatchObject({ status: 'approved', acknowledged: ['faces'] });
  }, 120_000);

  it('finishes a recording check once when the worker is killed in the middle of it', async () => {
    const { member, draftId, token } = await draftToRecord();
    const checks = () => model.requests.filter((r) => /check a screen-recorded walkthrough/.test(r.text.system)).length;
    const before = checks();
    model.queue.push({ hang: true });
    const video = await harmlessRecording();
    const started = await holder(token, '/api/recordings', 'POST', {});
    expect((await putPart(token, started.body.id, 0, video)).status).toBe(200);
    expect((await holder(token, `/api/recordings/${started.body.id}/complete`, 'POST', { parts: 1, size: video.length, seconds: 5 })).status).toBe(200);
    await until(() => checks() > before, { timeoutMs: 60_000, what: 'the check to reach the model' });
    await service('kill', 'drafts-worker');
    expect((await holder(token, `/api/recordings/${started.body.id}`)).body.status).toBe('analyzing');
    await service('start', 'drafts-worker', modelEnv);
    const done = await until(
      async () => {
        const r = (await holder(token, `/api/recordings/${started.body.id}`)).body;
        return r.status === 'analyzing' ? undefined : r;
      },
      { timeoutMs: 120_000, intervalMs: 500, what: 'the check to finish after the restart' },
    );
    expect(done).toMatchObject({ status: 'approved', analyzed: true, findings: [] });
    // The killed attempt wrote nothing; the redelivered one asked again and wrote its result once.
    expect(checks()).toBe(before + 2);
    // Paid for once: research, follow-ups and the one check that answered (the hung one spent nothing).
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.costs.calls).toBe(3);
  }, 180_000);

  it('fails the check, with the reason, when the model cannot answer: nothing reads as checked', async () => {
    const { token } = await draftToRecord();
    // Every attempt of the queue (three) meets a model that refuses or answers nonsense.
    model.queue.push({ status: 400 }, { text: 'no JSON here' }, { text: 'still none' }, { status: 400 });
    const id = await recordOne(token);
    const rec = (await holder(token, `/api/recordings/${id}`)).body;
    expect(rec).toMatchObject({ status: 'failed', analyzed: false, approved: false });
    expect(rec.summary).toMatch(/^The check failed: the model/);
    expect((await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve', acknowledgeFindings: true })).status).toBe(409);
    model.queue.length = 0;
  }, 180_000);

  it('with a model but no speech-to-text model, a recording with sound is not approved by itself: its sound was not checked', async () => {
    const { MODEL_TRANSCRIPTION_NAME: _, ...unhearing } = modelEnv;
    await service('stop', 'drafts-worker');
    await service('start', 'drafts-worker', unhearing);
    try {
      const { token } = await draftToRecord();
      const video = await makeScreenRecording({ seconds: 4, tone: true, lines: [{ text: '$ npm run export' }] });
      const id = await recordOne(token, video, { seconds: 4 });
      const rec = (await holder(token, `/api/recordings/${id}`)).body;
      expect(rec).toMatchObject({ status: 'needs_review', approved: false, analyzed: false, transcript: null });
      expect(rec.checks).toEqual([
        { part: 'screen_text', state: 'done', note: null },
        { part: 'sound', state: 'not_checked', note: 'no speech-to-text model is configured' },
        { part: 'faces', state: 'done', note: null },
        { part: 'model_review', state: expect.stringMatching(/^(done|found)$/), note: null },
      ]);
      const refused = await holder(token, `/api/recordings/${id}/review`, 'POST', { action: 'approve' });
      expect(refused.body.error).toMatch(/^Not checked: sound \(no speech-to-text model is configured\)\./);
    } finally {
      await service('stop', 'drafts-worker');
      await service('start', 'drafts-worker', modelEnv);
    }
  }, 180_000);

  it('reads a job eval the model could not write as failed and stale, never as done, and the next edit writes it', async () => {
    const member = await createMember(nats);
    const { job, draftId } = await postFromDraft(member, 'public');
    const first = (await call(member, `/api/me/job-drafts/${draftId}/eval`)).body;
    // Every attempt of the queue (three) gets a refusal or nonsense, as a model that is down or confused would give.
    model.queue.push({ status: 400 }, { text: 'no JSON here' }, { text: 'still none' }, { status: 400 });
    const edited = await call(member, `/api/me/jobs/${job.id}`, 'PATCH', { constraints: '## Scope\n\nMake the export finish tonight.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const failed = await until(
      async () => {
        const e = (await call(member, `/api/me/job-drafts/${draftId}/eval`)).body;
        return e.jobVersion === 2 && e.task.status === 'failed' ? e : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 250, what: 'the eval of the edited job to fail' },
    );
    // The eval shown is still version 1's, and says so: stale, with the reason.
    expect(failed).toMatchObject({ stale: true, evaluation: first.evaluation, task: { error: expect.stringMatching(/^The job eval failed: /) } });
    const again = await call(member, `/api/me/jobs/${job.id}`, 'PATCH', { constraints: '## Scope\n\nMake the export finish by morning.' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    const ready = await until(
      async () => {
        const e = (await call(member, `/api/me/job-drafts/${draftId}/eval`)).body;
        return e.jobVersion === 3 && e.task.status === 'ready' ? e : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 250, what: 'the eval of the edited job' },
    );
    expect(ready).toMatchObject({ stale: false, task: { error: null, step: 'done with fake-chat' } });
  });

  it("writes the job eval again with the model after the posted job's text is edited, adding it to the costs", async () => {
    const member = await createMember(nats);
    const { job, draftId } = await postFromDraft(member, 'public');
    const before = (await call(member, `/api/me/job-drafts/${draftId}`)).body.costs;
    model.queue.push({ json: { score: 41, verdict: 'Too thin to start.', strengths: [], gaps: ['Timeline', 'Access'] } });
    const edited = await call(member, `/api/me/jobs/${job.id}`, 'PATCH', { constraints: '## Scope\n\nMake the export finish.' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const rewritten = await until(
      async () => {
        const e = (await call(member, `/api/me/job-drafts/${draftId}/eval`)).body;
        return e.jobVersion === 2 && e.task.status === 'ready' ? e : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 250, what: 'the eval of the edited job' },
    );
    expect(rewritten).toMatchObject({
      stale: false,
      task: { step: 'done with fake-chat' },
      evaluation: { score: 41, verdict: 'Too thin to start.', gaps: ['Timeline', 'Access'], analyzed: true },
    });
    const asked = model.requests.filter((r) => /evaluate a job posting/.test(r.text.system)).at(-1)!;
    expect(asked.text.user).toBe(`# ${job.title}\n\n## Scope\n\nMake the export finish.`);
    const after = (await call(member, `/api/me/job-drafts/${draftId}`)).body.costs;
    expect(after.calls).toBe(before.calls + 1);
    expect(after.usd).toBeGreaterThan(before.usd);
  });
});
