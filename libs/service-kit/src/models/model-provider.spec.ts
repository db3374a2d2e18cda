import { type FakeModelServer, startFakeModelServer, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

import { modelConfigFromEnv, type ModelProviderConfig, modelProviderFromEnv, OpenAiCompatibleProvider } from './model-provider.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
afterAll(async () => {
  await server.stop();
});

const config = (over: Partial<ModelProviderConfig> = {}): ModelProviderConfig => ({
  baseUrl: server.url,
  model: 'fake-chat',
  embeddingModel: 'fake-embed',
  transcriptionModel: 'fake-whisper',
  transcriptionBaseUrl: server.url,
  usdPerAudioMinute: 0.006,
  apiKey: 'sk-test',
  timeoutMs: 2000,
  retries: 2,
  usdPerMillionPrompt: 1_000_000,
  usdPerMillionCompletion: 2_000_000,
  ...over,
});
const shape = z.object({ answer: z.string() });

describe('OpenAI-compatible model provider', () => {
  it('is off without MODEL_BASE_URL and reads its settings from the environment', () => {
    expect(modelProviderFromEnv({})).toBeNull();
    expect(modelConfigFromEnv({ MODEL_BASE_URL: 'https://models.example/v1/', MODEL_NAME: 'm', MODEL_RETRIES: '1', MODEL_TIMEOUT_MS: '500' })).toMatchObject({
      baseUrl: 'https://models.example/v1',
      model: 'm',
      retries: 1,
      timeoutMs: 500,
      usdPerMillionPrompt: 0,
    });
    expect(() => modelConfigFromEnv({ MODEL_BASE_URL: 'https://x/v1', MODEL_TIMEOUT_MS: 'soon' })).toThrow(/MODEL_TIMEOUT_MS/);
  });

  it('asks for a JSON object with the key and model, and accounts tokens and dollars', async () => {
    server.queue.push({ json: { answer: 'yes' } });
    const before = server.requests.length;
    const { data, usage } = await new OpenAiCompatibleProvider(config()).chatJson({ system: 'sys', user: 'hello', schema: shape });
    expect(data).toEqual({ answer: 'yes' });
    const sent = server.requests[before]!;
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe('Bearer sk-test');
    expect(sent.body).toMatchObject({ model: 'fake-chat', response_format: { type: 'json_object' } });
    // 8 characters of prompt = 2 tokens; {"answer":"yes"} = 16 characters = 4 tokens.
    expect(usage).toEqual({ calls: 1, promptTokens: 2, completionTokens: 4, usd: 2 + 8, model: 'fake-chat' });
  });

  it('retries 429 and 5xx, then succeeds; gives up after the configured retries', async () => {
    server.queue.push({ status: 503 }, { status: 429, retryAfter: 1 }, { json: { answer: 'late' } });
    const before = server.requests.length;
    // The waits it chose: the 429's Retry-After (1 s), not its own backoff (250 ms, then 500 ms).
    const timers = vi.spyOn(globalThis, 'setTimeout');
    let waits: unknown[];
    try {
      const { data } = await new OpenAiCompatibleProvider(config()).chatJson({ system: 's', user: 'u', schema: shape });
      expect(data.answer).toBe('late');
      waits = timers.mock.calls.map(([, ms]) => ms);
    } finally {
      timers.mockRestore();
    }
    expect(server.requests.length - before).toBe(3);
    expect(waits).toContain(250);
    expect(waits).toContain(1000);
    expect(waits).not.toContain(500);
    server.queue.push({ status: 500 }, { status: 500 });
    await expect(new OpenAiCompatibleProvider(config({ retries: 1 })).chatJson({ system: 's', user: 'u', schema: shape })).rejects.toThrow(/answered 500/);
  });

  it('does not retry a refused request (400)', async () => {
    server.queue.push({ status: 400 }, { json: { answer: 'never' } });
    await expect(new OpenAiCompatibleProvider(config()).chatJson({ system: 's', user: 'u', schema: shape })).rejects.toThrow(/refused the request \(400\)/);
    server.queue.length = 0;
  });

  it('times out a model that never answers, per attempt', async () => {
    server.queue.push({ hang: true }, { hang: true });
    const gaveUp = server.abandoned.length;
    await expect(new OpenAiCompatibleProvider(config({ timeoutMs: 200, retries: 1 })).chatJson({ system: 's', user: 'u', schema: shape })).rejects.toThrow(
      /did not answer within 200 ms/,
    );
    // Both attempts were ended by the provider itself, one after the other.
    await until(() => server.abandoned.length === gaveUp + 2, { timeoutMs: 5000, what: 'both hanging requests to be closed' });
  });

  it('asks again once when the answer is not JSON of the expected shape, counting both calls', async () => {
    server.queue.push({ text: 'Sure! Here you go' }, { json: { answer: 'ok' } });
    const { data, usage } = await new OpenAiCompatibleProvider(config()).chatJson({ system: 's', user: 'u', schema: shape });
    expect(data.answer).toBe('ok');
    expect(usage.calls).toBe(2);
    server.queue.push({ json: { wrong: 1 } }, { json: { wrong: 2 } });
    await expect(new OpenAiCompatibleProvider(config()).chatJson({ system: 's', user: 'u', schema: shape })).rejects.toThrow(/expected shape/);
  });

  it('embeds texts in order', async () => {
    const { vectors, usage } = await new OpenAiCompatibleProvider(config()).embed(['abc', 'hello']);
    expect(vectors).toHaveLength(2);
    expect(vectors[0]![0]).toBe(3);
    expect(vectors[1]![0]).toBe(5);
    expect(usage).toMatchObject({ calls: 1, promptTokens: 8, model: 'fake-embed' });
  });
});
