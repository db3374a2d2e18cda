import { defineSettings, filesLimits, setting } from '@marketplace/service-kit';

/** What files alone reads; its limits are filesLimits, object storage the kit's. */
export const filesSettings = defineSettings('files', 'files', {
  sweepMs: setting.duration('FILES_SWEEP_SECONDS', {
    default: 60_000,
    unit: 's',
    min: 1000,
    description: 'how often expired uploads and stale multipart uploads are cleared',
  }),
  staleMultipartMs: setting.duration('FILES_STALE_MULTIPART_SECONDS', {
    default: 3_600_000,
    unit: 's',
    min: 1000,
    description: 'age past which a multipart upload nothing refers to is aborted',
  }),
});

/**
 * Every group of settings files declares (its limits among them): read at its start, and rendered
 * into the operators' table (npm run docs:settings).
 */
export const SETTINGS = [filesSettings, filesLimits];
