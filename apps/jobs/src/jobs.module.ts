import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { GetJobHandler } from './jobs/get-job.handler.js';
import { GetPublicJobHandler } from './jobs/get-public-job.handler.js';
import { ListJobCategoriesHandler } from './jobs/list-job-categories.handler.js';
import { ListMyJobsHandler } from './jobs/list-my-jobs.handler.js';
import { ListOpenJobsHandler } from './jobs/list-open-jobs.handler.js';
import { PostJobHandler } from './jobs/post-job.handler.js';
import { GetSafetyPolicyHandler } from './policy/get-safety-policy.handler.js';
import { GetSuggestedWorkflowHandler } from './policy/get-suggested-workflow.handler.js';
import { GetMemberPageJobsHandler } from './members/get-member-page-jobs.handler.js';
import { PosterCardChangedConsumer } from './members/member-card-changed.consumer.js';
import { JobsMemberDeletedConsumer } from './members/member-deleted.consumer.js';

const handlers = [
  PostJobHandler, ListOpenJobsHandler, GetPublicJobHandler, GetJobHandler, ListMyJobsHandler,
  ListJobCategoriesHandler, GetSafetyPolicyHandler, GetSuggestedWorkflowHandler,
  GetMemberPageJobsHandler,
];
const consumers = [JobsMemberDeletedConsumer, PosterCardChangedConsumer];

@Module({ providers: [...handlers, ...consumers, handlersProvider(...handlers), consumersProvider(...consumers)] })
export class JobsModule {}
