import { AppError } from '@marketplace/contracts';
import { createLogger } from '@marketplace/service-kit';
import { type FakeModelServer, startFakeModelServer, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { JobTextReviewer, SAFETY_CHECK_UNAVAILABLE, SAFETY_REVIEW_PROMPT } from './model-safety-review.js';

/** The content check's second opinion against an OpenAI-compatible server: refuses when flagged, 503 when it gives no valid verdict. */
describe('the model safety review of job text', () => {
  let model: FakeModelServer;
  let reviewer: JobTextReviewer;
  const saved = { ...process.env };
  const counterfeit = { title: 'Sell our handbags', constraints: 'Counterfeit designer bags, shipped weekly.' };

  beforeAll(async () => {
    model = await startFakeModelServer();
    Object.assign(process.env, { MODEL_BASE_URL: model.url, MODEL_NAME: 'fake-chat', MODEL_RETRIES: '0', MODEL_TIMEOUT_MS: '500' });
    reviewer = new JobTextReviewer(createLogger('jobs-test'));
  });
  afterAll(async () => {
    for (const key of ['MODEL_BASE_URL', 'MODEL_NAME', 'MODEL_RETRIES', 'MODEL_TIMEOUT_MS']) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
    await model.stop();
  });

  it("refuses what the model flags, in the rule-based refusal's shape, with the call's usage", async () => {
    const { refusal, usage } = await reviewer.secondOpinion(counterfeit);
    expect(refusal?.status).toBe(403);
    expect(refusal?.message).toMatch(/^Refused by safety review/);
    expect(refusal?.extra.fields).toEqual({ constraints: 'Breaks our safety policy: It asks for counterfeit goods.' });
    expect(usage).toMatchObject({ calls: 1, model: 'fake-chat' });
    expect(usage!.promptTokens).toBeGreaterThan(0);
    expect(model.requests.at(-1)!.body.messages![0]!.content).toBe(SAFETY_REVIEW_PROMPT);
  });

  it('passes what the model passes, at the cost of the call', async () => {
    const { refusal, usage } = await reviewer.secondOpinion({ title: 'Tidy a spreadsheet', constraints: 'Merge two sheets.' });
    expect(refusal).toBeNull();
    expect(usage).toMatchObject({ calls: 1, model: 'fake-chat' });
  });

  it('fails closed with 503 on garbage, a refusal, an error status or a model slower than the timeout', async () => {
    const unavailable = async () => {
      const err = await reviewer.secondOpinion(counterfeit).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(503);
      expect((err as AppError).message).toBe(SAFETY_CHECK_UNAVAILABLE);
    };
    model.queue.push({ text: 'I think it is fine' }, { json: { verdict: 'fine' } });
    await unavailable();
    model.queue.push({ status: 400 });
    await unavailable();
    model.queue.push({ status: 500 });
    await unavailable();
    // A model that never answers: the reviewer gives up on it itself (its timeout), not the caller.
    const gaveUp = model.abandoned.length;
    model.queue.push({ hang: true });
    await unavailable();
    await until(() => model.abandoned.length === gaveUp + 1, { timeoutMs: 5000, what: 'the reviewer to close the hanging request' });
  });

  it("with no model configured, leaves the rules' verdict without asking anyone", async () => {
    const asked = model.requests.length;
    const saved = process.env.MODEL_BASE_URL;
    delete process.env.MODEL_BASE_URL;
    try {
      expect(await new JobTextReviewer(createLogger('jobs-test')).secondOpinion(counterfeit)).toEqual({ refusal: null, usage: null });
    } finally {
      process.env.MODEL_BASE_URL = saved;
    }
    expect(model.requests.length).toBe(asked);
  });
});
