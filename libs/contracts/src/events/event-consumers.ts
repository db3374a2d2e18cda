import type { ServiceName } from '../operation.js';

/**
 * Every service's durable consumers on the events stream, by the `name` its EventConsumer gives.
 * The bus grants a service's NATS user the JetStream API for these durables only (create, info,
 * pull, ack: see bus-permissions.ts), so no service can pull or acknowledge another's events; the
 * consumer runner refuses to start a consumer missing here. Add a consumer's name here with it.
 */
export const EVENT_CONSUMER_NAMES: Readonly<Record<ServiceName, readonly string[]>> = {
  identity: ['member-deleted-identity', 'remove-agent-access'],
  jobs: [
    'applicant-count-submitted',
    'applicant-count-withdrawn',
    'member-card-changed-posters',
    'member-deleted-jobs',
    'member-reinstated-jobs',
    'member-suspended-jobs',
    'performance-application-submitted',
    'team-application-record',
    'team-renamed',
  ],
  applications: ['job-closed-declines', 'member-card-changed-applicants', 'member-deleted-applications'],
  files: ['member-deleted-files', 'work-cancelled-files', 'work-submitted-files'],
  drafts: ['job-edited-drafts', 'member-deleted-drafts'],
  notifications: [
    'application-accepted-alert',
    'application-declined-alert',
    'application-submitted-alert',
    'application-withdrawn-alert',
    'comment-alert',
    'content-moderated-alert',
    'file-access-granted-alert',
    'file-completed-alert',
    'help-request-replied-alert',
    'invitation-accepted-alert',
    'job-closed-alert',
    'job-edited-alert',
    'job-posted-alert',
    'member-deleted-notifications',
    'member-joined-alert',
    'member-reinstated-alert',
    'member-suspended-alert',
    'message-sent-alert',
    'preferred-worker-alert',
    'team-application-accepted-alert',
    'team-application-declined-alert',
    'team-application-submitted-alert',
    'team-member-invited-alert',
    'visibility-changed-alert',
    'webhook-disabled-alert',
    'work-approved-alert',
    'work-cancellation-requested-alert',
    'work-cancelled-alert',
    'work-changes-requested-alert',
    'work-completed-alert',
    'work-reminder-alert',
    'work-submitted-alert',
  ],
  admin: ['member-deleted-admin', 'member-reinstated-audit', 'member-suspended-audit', 'waitlist-invited-audit'],
};

/** The durable name of a service's consumer on the events stream (durable names hold no dots). */
export function eventDurableName(service: ServiceName, name: string): string {
  return `${service}-${name}`;
}

/** The service's durables on the events stream. */
export function eventDurables(service: ServiceName): string[] {
  return EVENT_CONSUMER_NAMES[service].map((name) => eventDurableName(service, name));
}
