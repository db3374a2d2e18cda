import { type FakeModelServer, startFakeModelServer } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { configuredEmbeddingProvider } from './embedding-provider.js';

let server: FakeModelServer;
beforeAll(async () => {
  server = await startFakeModelServer();
});
afterAll(async () => {
  await server.stop();
});

describe('search embeddings', () => {
  it('are off without a model or an embeddings endpoint', () => {
    expect(configuredEmbeddingProvider({})).toBeNull();
  });

  it('come from the product model (MODEL_BASE_URL) through the kit provider', async () => {
    const provider = configuredEmbeddingProvider({ MODEL_BASE_URL: server.url, MODEL_EMBEDDING_NAME: 'embed-a', MODEL_API_KEY: 'sk-a' })!;
    expect(await provider.embed(['abc'])).toEqual([[3, 1, 0.97]]);
    expect(server.requests.at(-1)).toMatchObject({ path: '/v1/embeddings', authorization: 'Bearer sk-a', body: { model: 'embed-a', input: ['abc'] } });
  });

  it('or from an endpoint of their own, which wins', async () => {
    const provider = configuredEmbeddingProvider({
      MODEL_BASE_URL: 'http://127.0.0.1:9/v1',
      SEARCH_EMBEDDING_URL: `${server.url}/embeddings`,
      SEARCH_EMBEDDING_MODEL: 'embed-b',
    })!;
    expect(await provider.embed(['hello', 'x'])).toHaveLength(2);
    expect(server.requests.at(-1)).toMatchObject({ path: '/v1/embeddings', authorization: undefined, body: { model: 'embed-b' } });
  });
});
