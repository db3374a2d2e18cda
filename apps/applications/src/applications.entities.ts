import { MemberDeletionClaimEntity } from './account/member-deletion-claim.entity.js';
import { ApplicationEntity } from './applying/application.entity.js';
import { ClosedJobEntity } from './hiring/closed-job.entity.js';
import { HireEntity } from './hiring/hire.entity.js';
import { ConversationEntity } from './messages/conversation.entity.js';
import { MessageEntity } from './messages/message.entity.js';
import { HiringAndWork1795315530993 } from './migrations/1795315530993-hiring-and-work.js';
import { KitLimits1795320100000 } from './migrations/1795320100000-kit-limits.js';
import { ClosedJobs1795419692108 } from './migrations/1795419692108-closed-jobs.js';
import { MemberDeletionClaims1795419857561 } from './migrations/1795419857561-member-deletion-claims.js';
import { SubmissionFiles1795421473155 } from './migrations/1795421473155-submission-files.js';
import { TeamApplications1795495180822 } from './migrations/1795495180822-team-applications.js';
import { MessageRemoval1795500000001 } from './migrations/1795500000001-message-removal.js';
import { CandidateEntity, TeamApplicationEntity } from './team/team-application.entity.js';
import { RatingEntity } from './work/rating.entity.js';
import { SubmissionEntity } from './work/submission.entity.js';

export const applicationsEntities: Function[] = [
  ApplicationEntity,
  HireEntity,
  SubmissionEntity,
  RatingEntity,
  ConversationEntity,
  MessageEntity,
  ClosedJobEntity,
  MemberDeletionClaimEntity,
  CandidateEntity,
  TeamApplicationEntity,
];
export const applicationsMigrations: Function[] = [
  HiringAndWork1795315530993,
  KitLimits1795320100000,
  ClosedJobs1795419692108,
  MemberDeletionClaims1795419857561,
  SubmissionFiles1795421473155,
  TeamApplications1795495180822,
  MessageRemoval1795500000001,
];
