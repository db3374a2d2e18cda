import { consumersProvider, handlersProvider, periodicTasksProvider } from '@marketplace/service-kit';
import { Module } from '@nestjs/common';

import { CommentOnJobHandler } from './comments/comment-on-job.handler.js';
import { DeleteCommentHandler } from './comments/delete-comment.handler.js';
import { ListJobCommentsHandler } from './comments/list-job-comments.handler.js';
import { CloseJobHandler } from './edits/close-job.handler.js';
import { EditJobHandler } from './edits/edit-job.handler.js';
import { ApplicationSubmittedCountConsumer, ApplicationWithdrawnCountConsumer } from './hiring/applicant-count.consumers.js';
import { GetHiringJobHandler } from './hiring/get-hiring-job.handler.js';
import { GetJobStatesHandler } from './hiring/get-job-states.handler.js';
import { MoveJobStatusHandler } from './hiring/move-job-status.handler.js';
import { GetJobHandler } from './jobs/get-job.handler.js';
import { GetPublicJobHandler } from './jobs/get-public-job.handler.js';
import { ListJobCategoriesHandler } from './jobs/list-job-categories.handler.js';
import { GetJobVersionHandler, ListJobVersionsHandler } from './jobs/list-job-versions.handler.js';
import { ListMyJobsHandler } from './jobs/list-my-jobs.handler.js';
import { ListOpenJobsHandler } from './jobs/list-open-jobs.handler.js';
import { PostJobFromDraftHandler, PostJobHandler } from './jobs/post-job.handler.js';
import { RepostJobHandler } from './jobs/repost-job.handler.js';
import { WatchJobWalkthroughHandler } from './jobs/watch-job-walkthrough.handler.js';
import { ExpirySweeper } from './lifetime/expiry-sweeper.js';
import { GetMemberPageJobsHandler } from './members/get-member-page-jobs.handler.js';
import { PosterCardChangedConsumer } from './members/member-card-changed.consumer.js';
import { JobsMemberDeletedConsumer } from './members/member-deleted.consumer.js';
import { MemberReinstatedJobsConsumer, MemberSuspendedJobsConsumer } from './members/member-suspension.consumers.js';
import { FindReportedJobContentHandler } from './moderation/find-reported-content.handler.js';
import { SetContentRemovedHandler } from './moderation/set-content-removed.handler.js';
import { ApplicationSubmittedConsumer } from './performance/application-submitted.consumer.js';
import { AudienceRecorder } from './performance/audience-recorder.js';
import { GetJobPerformanceHandler } from './performance/get-job-performance.handler.js';
import { RecordCachedAudienceHandler } from './performance/record-cached-audience.handler.js';
import { GetSafetyPolicyHandler } from './policy/get-safety-policy.handler.js';
import { GetSuggestedWorkflowHandler } from './policy/get-suggested-workflow.handler.js';
import { ListJobPostersHandler } from './posters/list-job-posters.handler.js';
import { JobTextReviewer } from './safety/model-safety-review.js';
import { GetSearchModeHandler } from './search/get-search-mode.handler.js';
import { SearchJobsHandler } from './search/search-jobs.handler.js';
import { TeamApplicationRecordConsumer, TeamRenamedConsumer } from './team/team-events.consumers.js';
import {
  CloseTeamJobHandler,
  GetTeamJobHandler,
  ListJobsOfTeamHandler,
  ListTeamBoardHandler,
  ListTeamJobsHandler,
  MoveTeamJobHandler,
  PostTeamJobHandler,
} from './team/team-jobs.handlers.js';
import { GetTeamPerformanceHandler } from './team/team-performance.handler.js';
const handlers = [
  SetContentRemovedHandler,
  FindReportedJobContentHandler,
  PostJobHandler,
  PostJobFromDraftHandler,
  ListOpenJobsHandler,
  GetPublicJobHandler,
  RecordCachedAudienceHandler,
  GetJobHandler,
  WatchJobWalkthroughHandler,
  ListMyJobsHandler,
  RepostJobHandler,
  ListJobCategoriesHandler,
  GetSafetyPolicyHandler,
  GetSuggestedWorkflowHandler,
  GetHiringJobHandler,
  GetJobStatesHandler,
  MoveJobStatusHandler,
  GetMemberPageJobsHandler,
  EditJobHandler,
  CloseJobHandler,
  ListJobVersionsHandler,
  GetJobVersionHandler,
  SearchJobsHandler,
  ListJobPostersHandler,
  CommentOnJobHandler,
  DeleteCommentHandler,
  ListJobCommentsHandler,
  GetJobPerformanceHandler,
  GetSearchModeHandler,
  ListTeamBoardHandler,
  ListTeamJobsHandler,
  ListJobsOfTeamHandler,
  PostTeamJobHandler,
  CloseTeamJobHandler,
  GetTeamJobHandler,
  MoveTeamJobHandler,
  GetTeamPerformanceHandler,
];
const consumers = [
  ApplicationSubmittedCountConsumer,
  ApplicationWithdrawnCountConsumer,
  JobsMemberDeletedConsumer,
  PosterCardChangedConsumer,
  MemberSuspendedJobsConsumer,
  MemberReinstatedJobsConsumer,
  ApplicationSubmittedConsumer,
  TeamRenamedConsumer,
  TeamApplicationRecordConsumer,
];
const services = [AudienceRecorder, ExpirySweeper, JobTextReviewer];

@Module({
  providers: [...services, ...handlers, ...consumers, handlersProvider(...handlers), consumersProvider(...consumers), periodicTasksProvider(ExpirySweeper)],
})
export class JobsModule {}
