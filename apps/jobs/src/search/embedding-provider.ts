import { modelConfigFromEnv, OpenAiCompatibleProvider, type ServiceEnv, serviceEnv } from '@marketplace/service-kit';

import { jobsSettings } from '../jobs.settings.js';

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

export function configuredEmbeddingProvider(env: ServiceEnv = serviceEnv()): EmbeddingProvider | null {
  const settings = jobsSettings.read(env);
  const own = settings.searchEmbeddingUrl;
  const shared = modelConfigFromEnv(env);
  if (!own && !shared) return null;
  const provider = new OpenAiCompatibleProvider({
    usdPerMillionPrompt: 0,
    usdPerMillionCompletion: 0,
    model: '',
    transcriptionModel: null,
    transcriptionBaseUrl: '',
    usdPerAudioMinute: 0,
    ...(own
      ? {
          baseUrl: own.replace(/\/embeddings\/?$/, ''),
          embeddingModel: settings.searchEmbeddingModel,
          ...(settings.searchEmbeddingKey ? { apiKey: settings.searchEmbeddingKey } : {}),
        }
      : shared!),
    timeoutMs: 2000,
    retries: 0,
  });
  return { embed: async (texts) => (await provider.embed(texts)).vectors };
}
