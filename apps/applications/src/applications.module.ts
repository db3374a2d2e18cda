import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { Module } from '@nestjs/common';

import { ClaimMemberDeletionHandler } from './account/claim-member-deletion.handler.js';
import { MemberDeletedConsumer } from './account/member-deleted.consumer.js';
import { ApplicantCardChangedConsumer } from './applicants/applicant-card-changed.consumer.js';
import { ListJobApplicantsHandler } from './applicants/list-job-applicants.handler.js';
import { ListWaitingApplicantsHandler } from './applicants/list-waiting-applicants.handler.js';
import { ApplyToJobHandler } from './applying/apply-to-job.handler.js';
import { GetViewerApplicationHandler } from './applying/get-viewer-application.handler.js';
import { ListMyApplicationsHandler } from './applying/list-my-applications.handler.js';
import { WithdrawApplicationHandler } from './applying/withdraw-application.handler.js';
import { AcceptApplicationHandler } from './hiring/accept-application.handler.js';
import { DeclineApplicationHandler } from './hiring/decline-application.handler.js';
import { JobClosedConsumer } from './hiring/job-closed.consumer.js';
import { ListJobApplicationsHandler } from './hiring/list-job-applications.handler.js';
import { GetMemberActiveWorkHandler } from './member-record/get-member-active-work.handler.js';
import { GetMemberWorkRecordHandler } from './member-record/get-member-work-record.handler.js';
import { FindReportedMessageHandler } from './messages/find-reported-message.handler.js';
import { ListMessagesHandler } from './messages/list-messages.handler.js';
import { SendMessageHandler } from './messages/send-message.handler.js';
import { SetMessageRemovedHandler } from './messages/set-message-removed.handler.js';
import {
  GetCandidateHandler,
  GetCandidateVerificationHandler,
  SaveCandidateProfileHandler,
  StartCandidateVerificationHandler,
} from './team/candidate.handlers.js';
import { ApplyToTeamJobHandler, ListCandidateApplicationsHandler, WithdrawCandidateApplicationHandler } from './team/team-applying.handlers.js';
import { AcceptTeamApplicationHandler, DeclineTeamApplicationHandler, ListTeamJobApplicationsHandler } from './team/team-hiring.handlers.js';
import { ApproveWorkHandler } from './work/approve-work.handler.js';
import { CancelWorkHandler } from './work/cancel-work.handler.js';
import { GetJobWorkHandler } from './work/get-job-work.handler.js';
import { RatePosterHandler } from './work/rate-poster.handler.js';
import { RemindOtherSideHandler } from './work/remind-other-side.handler.js';
import { RequestCancellationHandler } from './work/request-cancellation.handler.js';
import { RequestChangesHandler } from './work/request-changes.handler.js';
import { SubmitWorkHandler } from './work/submit-work.handler.js';
import { WorkSteps } from './work/work-steps.js';

const handlers = [
  ApplyToJobHandler,
  WithdrawApplicationHandler,
  ListMyApplicationsHandler,
  GetViewerApplicationHandler,
  ListJobApplicationsHandler,
  AcceptApplicationHandler,
  DeclineApplicationHandler,
  ListJobApplicantsHandler,
  ListWaitingApplicantsHandler,
  GetJobWorkHandler,
  SubmitWorkHandler,
  RequestChangesHandler,
  ApproveWorkHandler,
  RatePosterHandler,
  RequestCancellationHandler,
  CancelWorkHandler,
  RemindOtherSideHandler,
  SendMessageHandler,
  ListMessagesHandler,
  SetMessageRemovedHandler,
  FindReportedMessageHandler,
  GetMemberWorkRecordHandler,
  GetMemberActiveWorkHandler,
  ClaimMemberDeletionHandler,
  GetCandidateHandler,
  SaveCandidateProfileHandler,
  GetCandidateVerificationHandler,
  StartCandidateVerificationHandler,
  ApplyToTeamJobHandler,
  ListCandidateApplicationsHandler,
  WithdrawCandidateApplicationHandler,
  ListTeamJobApplicationsHandler,
  AcceptTeamApplicationHandler,
  DeclineTeamApplicationHandler,
];
const consumers = [JobClosedConsumer, MemberDeletedConsumer, ApplicantCardChangedConsumer];

@Module({
  providers: [WorkSteps, ...handlers, ...consumers, handlersProvider(...handlers), consumersProvider(...consumers)],
})
export class ApplicationsModule {}
