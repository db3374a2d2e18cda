import { modelConfigFromEnv, OpenAiCompatibleProvider, serviceEnv } from '@marketplace/service-kit';

/**
 * Embeddings for `hybrid` search, from the kit's model provider: the model configured for the
 * whole product (MODEL_BASE_URL, MODEL_EMBEDDING_NAME, MODEL_API_KEY), or an embeddings endpoint
 * of its own (SEARCH_EMBEDDING_URL ending in /embeddings, SEARCH_EMBEDDING_MODEL,
 * SEARCH_EMBEDDING_KEY). Without either, search runs in keyword or filter mode and never claims
 * hybrid. A search waits at most two seconds and never retries: it answers keyword results rather
 * than keep a member waiting.
 */
export interface EmbeddingProvider {
  embed(texts: string[]): Promise<number[][]>;
}

export function configuredEmbeddingProvider(env: NodeJS.ProcessEnv = serviceEnv()): EmbeddingProvider | null {
  const own = env.SEARCH_EMBEDDING_URL?.trim();
  const shared = modelConfigFromEnv(env);
  if (!own && !shared) return null;
  const provider = new OpenAiCompatibleProvider({
    usdPerMillionPrompt: 0, usdPerMillionCompletion: 0, model: '', transcriptionModel: null, transcriptionBaseUrl: '', usdPerAudioMinute: 0,
    ...(own
      ? {
          baseUrl: own.replace(/\/embeddings\/?$/, ''),
          embeddingModel: env.SEARCH_EMBEDDING_MODEL ?? 'text-embedding-3-small',
          ...(env.SEARCH_EMBEDDING_KEY ? { apiKey: env.SEARCH_EMBEDDING_KEY } : {}),
        }
      : shared!),
    timeoutMs: 2000,
    retries: 0,
  });
  return { embed: async (texts) => (await provider.embed(texts)).vectors };
}
