import { batchingSettings, defineSettings, jobsLimits, setting } from '@marketplace/service-kit';

/** What jobs alone reads; its limits are jobsLimits. */
export const jobsSettings = defineSettings('jobs', 'jobs', {
  countCacheMs: setting.duration('JOB_COUNT_CACHE_MS', {
    default: 5000,
    min: 0,
    description: "how long the board's open-job count is kept before it is counted again",
  }),
  expirySweepMs: setting.duration('JOB_EXPIRY_SWEEP_MS', { default: 60_000, min: 100, description: 'how often jobs whose 14 days are up are closed' }),
  searchEmbeddingUrl: setting.string('SEARCH_EMBEDDING_URL', {
    description: "an embeddings endpoint of search's own (…/embeddings); unset: the model's (MODEL_BASE_URL)",
  }),
  searchEmbeddingModel: setting.string('SEARCH_EMBEDDING_MODEL', {
    default: 'text-embedding-3-small',
    description: 'the model SEARCH_EMBEDDING_URL embeds with',
  }),
  searchEmbeddingKey: setting.string('SEARCH_EMBEDDING_KEY', { secret: true, description: "SEARCH_EMBEDDING_URL's API key" }),
});

/**
 * Every group of settings jobs declares (its limits among them): read at its start, and rendered
 * into the operators' table (npm run docs:settings).
 */
export const SETTINGS = [jobsSettings, jobsLimits, batchingSettings];
