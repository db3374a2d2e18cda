import { consumersProvider, handlersProvider, periodicTasksProvider, workersProvider } from '@marketplace/service-kit';
import { Module } from '@nestjs/common';

import {
  DiscardJobDraftHandler,
  GetJobDraftHandler,
  ListJobDraftsHandler,
  StartJobDraftHandler,
  UpdateJobDraftHandler,
  WriteJobDescriptionHandler,
} from './drafts/interview.handlers.js';
import { DraftsJobEditedConsumer } from './drafts/job-edited.consumer.js';
import { DraftsMemberDeletedConsumer } from './drafts/member-deleted.consumer.js';
import { ApproveDraftPartHandler, GetJobEvalHandler, GetPostedJobEvalHandler, PostJobDraftHandler } from './drafts/review.handlers.js';
import { RecordingAnalysisWorker } from './recordings/recording-analysis.worker.js';
import { CreateRecordingLinkHandler, GetRecordingSessionHandler } from './recordings/recording-link.handlers.js';
import {
  DeleteJobRecordingHandler,
  GetJobRecordingHandler,
  ReviewJobRecordingHandler,
  ReviewRecordingHandler,
  WatchJobRecordingHandler,
} from './recordings/recording-review.handlers.js';
import { RecordingSweepTask } from './recordings/recording-sweep.task.js';
import {
  CheckRecordingPartHandler,
  CompleteRecordingHandler,
  GetRecordingHandler,
  StartRecordingHandler,
  UploadRecordingPartHandler,
} from './recordings/recording-upload.handlers.js';
import { DraftTaskWorker } from './tasks/draft-task.worker.js';
import { JobEvalWorker } from './tasks/job-eval.worker.js';

const handlers = [
  StartJobDraftHandler,
  UpdateJobDraftHandler,
  GetJobDraftHandler,
  ListJobDraftsHandler,
  DiscardJobDraftHandler,
  WriteJobDescriptionHandler,
  ApproveDraftPartHandler,
  PostJobDraftHandler,
  GetJobEvalHandler,
  GetPostedJobEvalHandler,
  CreateRecordingLinkHandler,
  GetRecordingSessionHandler,
  StartRecordingHandler,
  UploadRecordingPartHandler,
  CompleteRecordingHandler,
  GetRecordingHandler,
  ReviewJobRecordingHandler,
  DeleteJobRecordingHandler,
  ReviewRecordingHandler,
  WatchJobRecordingHandler,
  GetJobRecordingHandler,
  CheckRecordingPartHandler,
];
const workers = [DraftTaskWorker, RecordingAnalysisWorker, JobEvalWorker];
const consumers = [DraftsMemberDeletedConsumer, DraftsJobEditedConsumer];
const periodicTasks = [RecordingSweepTask];

/** Guided job drafts: the interview, its background tasks (drafts worker) and the review. */
@Module({
  providers: [
    ...handlers,
    ...workers,
    ...consumers,
    ...periodicTasks,
    handlersProvider(...handlers),
    workersProvider(...workers),
    consumersProvider(...consumers),
    periodicTasksProvider(...periodicTasks),
  ],
})
export class DraftsModule {}
