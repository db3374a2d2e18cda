import { ModelSpend1795708602255 } from '@marketplace/service-kit';

import { JobDraftEntity } from './drafts/draft.entity.js';
import { JobDrafts1795495075946 } from './migrations/1795495075946-job-drafts.js';
import { DraftRecordings1795500000000 } from './migrations/1795500000000-draft-recordings.js';
import { JobEvalRewrites1795510000000 } from './migrations/1795510000000-job-eval-rewrites.js';
import { RecordingDiscards1795708600000 } from './migrations/1795708600000-recording-discards.js';
import { RecordingChecks1796950000000 } from './migrations/1796950000000-recording-checks.js';
import { RecordingEntity } from './recordings/recording.entity.js';

/** The drafts tables; the shared outbox and processed-event tables are created by the service kit, model_spend by its migration listed here. */
export const draftsEntities: Function[] = [JobDraftEntity, RecordingEntity];
export const draftsMigrations: Function[] = [
  JobDrafts1795495075946,
  DraftRecordings1795500000000,
  JobEvalRewrites1795510000000,
  RecordingDiscards1795708600000,
  ModelSpend1795708602255,
  RecordingChecks1796950000000,
];
