import { ModelSpend1795708602255 } from '@marketplace/service-kit';

import { CommentEntity } from './comments/comment.entity.js';
import { JobEntity } from './jobs/job.entity.js';
import { JobPreferredWorkerEntity } from './jobs/job-preferred-worker.entity.js';
import { JobVersionEntity } from './jobs/job-version.entity.js';
import { Initial1795312841064 } from './migrations/1795312841064-initial.js';
import { Board1795315183697 } from './migrations/1795315183697-board.js';
import { HireColumns1795315248910 } from './migrations/1795315248910-hire-columns.js';
import { BoardIndexes1795318013310 } from './migrations/1795318013310-board-indexes.js';
import { KitLimits1795320100000 } from './migrations/1795320100000-kit-limits.js';
import { CommentRemoval1795430000000 } from './migrations/1795430000000-comment-removal.js';
import { TeamJobs1795495178713 } from './migrations/1795495178713-team-jobs.js';
import { JobWalkthrough1795500000000 } from './migrations/1795500000000-job-walkthrough.js';
import { ModelCosts1795510000000 } from './migrations/1795510000000-model-costs.js';
import { SearchByPeriod1795600000000 } from './migrations/1795600000000-search-by-period.js';
import { SealWalkthroughSecrets1795800000000 } from './migrations/1795800000000-seal-walkthrough-secrets.js';
import { SuspensionHiding1796600000000 } from './migrations/1796600000000-suspension-hiding.js';
import { ApplicationRecordEntity } from './performance/application-record.entity.js';
import { JobAudienceEntity } from './performance/job-audience.entity.js';
import { PosterEntity } from './posters/poster.entity.js';
import { ModelCostEntity } from './safety/model-cost.entity.js';
import { ListingFeeEntity, TeamApplicationRecordEntity, TeamJobEntity } from './team/team-job.entity.js';

export const jobsEntities = [
  JobEntity,
  JobVersionEntity,
  PosterEntity,
  CommentEntity,
  JobPreferredWorkerEntity,
  ApplicationRecordEntity,
  JobAudienceEntity,
  TeamJobEntity,
  ListingFeeEntity,
  TeamApplicationRecordEntity,
  ModelCostEntity,
];
export const jobsMigrations = [
  Initial1795312841064,
  Board1795315183697,
  HireColumns1795315248910,
  BoardIndexes1795318013310,
  KitLimits1795320100000,
  CommentRemoval1795430000000,
  TeamJobs1795495178713,
  JobWalkthrough1795500000000,
  ModelCosts1795510000000,
  SearchByPeriod1795600000000,
  ModelSpend1795708602255,
  SealWalkthroughSecrets1795800000000,
  SuspensionHiding1796600000000,
];
