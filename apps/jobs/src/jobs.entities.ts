import { JobVersionEntity } from './jobs/job-version.entity.js';
import { JobEntity } from './jobs/job.entity.js';
import { SubmissionAttemptEntity } from './policy/submission-attempt.entity.js';
import { PosterEntity } from './posters/poster.entity.js';
import { Initial1795312841064 } from './migrations/1795312841064-initial.js';
import { HireColumns1795315248910 } from './migrations/1795315248910-hire-columns.js';

export const jobsEntities = [JobEntity, JobVersionEntity, PosterEntity, SubmissionAttemptEntity];
export const jobsMigrations = [Initial1795312841064, HireColumns1795315248910];
