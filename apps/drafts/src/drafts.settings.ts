import { RECORDING_LIMITS } from '@marketplace/contracts';
import { defineSettings, draftsLimits, setting } from '@marketplace/service-kit';

const GIB = 1024 ** 3;

/** What drafts alone reads; its limits are draftsLimits. */
export const draftsSettings = defineSettings('drafts', 'drafts', {
  // A quota typed wrong must not silently become the default: the kit's reader stops, naming the variable.
  recordingQuotaBytes: setting.int('RECORDING_QUOTA_BYTES', {
    default: 2 * GIB,
    min: 1,
    description: "bytes all of a member's recordings may hold, uploads under way included",
  }),
  recordingSweepSeconds: setting.int('RECORDING_SWEEP_SECONDS', {
    default: 300,
    min: 1,
    description: 'how often abandoned uploads and discarded recordings are removed from storage, in seconds',
  }),
  recordingCheckMaxBytes: setting.int('RECORDING_CHECK_MAX_BYTES', {
    default: RECORDING_LIMITS.bytes,
    min: 1,
    readBy: 'drafts worker',
    description: "disk budget of one recording's check; a larger recording is not joined and its check fails",
  }),
});

/**
 * Every group of settings drafts declares (its limits among them): read at its start, and rendered
 * into the operators' table (npm run docs:settings).
 */
export const SETTINGS = [draftsSettings, draftsLimits];
