import type { Operation } from './operation.js';
import { admissionOperations } from './operations/admission.operations.js';
import { analyticsOperations } from './operations/analytics.operations.js';
import { applicantProfileOperations } from './operations/applicant-profile.operations.js';
import { applicationsOperations } from './operations/applications.operations.js';
import { boardAudienceOperations } from './operations/board-audience.operations.js';
import { candidateOperations } from './operations/candidate.operations.js';
import { draftsOperations } from './operations/drafts.operations.js';
import { fileDownloadsOperations } from './operations/file-downloads.operations.js';
import { filesOperations } from './operations/files.operations.js';
import { helpOperations } from './operations/help.operations.js';
import { helpRepliesOperations } from './operations/help-replies.operations.js';
import { hiringOperations } from './operations/hiring.operations.js';
import { identityOperations } from './operations/identity.operations.js';
import { identityCheckOperations } from './operations/identity-check.operations.js';
import { jobCommentsOperations } from './operations/job-comments.operations.js';
import { jobFilesOperations } from './operations/job-files.operations.js';
import { jobsOperations } from './operations/jobs.operations.js';
import { memberLookupOperations } from './operations/member-lookup.operations.js';
import { membersOperations } from './operations/members.operations.js';
import { moderationOperations } from './operations/moderation.operations.js';
import { myJobsOperations } from './operations/my-jobs.operations.js';
import { notificationHistoryOperations } from './operations/notification-history.operations.js';
import { notificationsOperations } from './operations/notifications.operations.js';
import { oauthOperations } from './operations/oauth.operations.js';
import { recordingsOperations } from './operations/recordings.operations.js';
import { signInOperations } from './operations/sign-in.operations.js';
import { signUpOperations } from './operations/sign-up.operations.js';
import { staffOperations } from './operations/staff.operations.js';
import { suspensionOperations } from './operations/suspension.operations.js';
import { teamOperations } from './operations/team.operations.js';
import { webhooksOperations } from './operations/webhooks.operations.js';

/** Every operation of the product. The gateway builds REST routes, MCP tools and OpenAPI from this alone. */
export const catalogue: readonly Operation[] = [
  ...identityOperations,
  ...jobsOperations,
  ...myJobsOperations,
  ...boardAudienceOperations,
  ...jobCommentsOperations,
  ...notificationsOperations,
  ...notificationHistoryOperations,
  ...webhooksOperations,
  ...applicationsOperations,
  ...signInOperations,
  ...oauthOperations,
  ...applicantProfileOperations,
  ...hiringOperations,
  ...membersOperations,
  ...admissionOperations,
  ...signUpOperations,
  ...memberLookupOperations,
  ...filesOperations,
  ...fileDownloadsOperations,
  ...jobFilesOperations,
  ...helpOperations,
  ...staffOperations,
  ...helpRepliesOperations,
  ...moderationOperations,
  ...suspensionOperations,
  ...analyticsOperations,
  ...identityCheckOperations,
  ...teamOperations,
  ...candidateOperations,
  ...draftsOperations,
  ...recordingsOperations,
];

export function operationsOf(service: Operation['service']): Operation[] {
  return catalogue.filter((op) => op.service === service);
}
