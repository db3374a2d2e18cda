/**
 * An embedding model reached over an OpenAI-compatible `/embeddings` endpoint. Configured with
 * SEARCH_EMBEDDING_URL (and SEARCH_EMBEDDING_MODEL, SEARCH_EMBEDDING_KEY); without it, search
 * runs in keyword or filter mode and never claims hybrid.
 */
export interface EmbeddingProvider {
  embed(texts: string[]): Promise<number[][]>;
}

export function configuredEmbeddingProvider(): EmbeddingProvider | null {
  const url = process.env.SEARCH_EMBEDDING_URL;
  if (!url) return null;
  const model = process.env.SEARCH_EMBEDDING_MODEL ?? 'text-embedding-3-small';
  const key = process.env.SEARCH_EMBEDDING_KEY;
  return {
    async embed(texts) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify({ model, input: texts }),
        signal: AbortSignal.timeout(2000),
      });
      if (!res.ok) throw new Error(`embedding model answered ${res.status}`);
      const body = (await res.json()) as { data: { embedding: number[]; index: number }[] };
      return body.data.sort((a, b) => a.index - b.index).map((d) => d.embedding);
    },
  };
}
