import { WebhookDisabledAlertConsumer } from '../webhooks/webhook-disabled-alert.consumer.js';
import { CommentAlertConsumer } from './comment-alert.consumer.js';
import { ContentModeratedAlertConsumer } from './content-moderated-alert.consumer.js';
import { FileAccessGrantedAlertConsumer, FileCompletedAlertConsumer } from './file-alert.consumers.js';
import { HelpRequestRepliedAlertConsumer } from './help-request-replied-alert.consumer.js';
import { InvitationAcceptedAlertConsumer } from './invitation-alert.consumer.js';
import { ApplicationWithdrawnAlertConsumer, JobClosedAlertConsumer, JobEditedAlertConsumer } from './job-activity-alert.consumers.js';
import { JobPostedAlertConsumer } from './job-posted-alert.consumer.js';
import { MemberJoinedAlertConsumer } from './member-joined-alert.consumer.js';
import { MemberReinstatedAlertConsumer, MemberSuspendedAlertConsumer } from './member-standing-alert.consumers.js';
import { PreferredWorkerAlertConsumer } from './preferred-worker-alert.consumer.js';
import {
  TeamApplicationAcceptedAlertConsumer,
  TeamApplicationDeclinedAlertConsumer,
  TeamApplicationSubmittedAlertConsumer,
  TeamMemberInvitedAlertConsumer,
} from './team-alert.consumers.js';
import { VisibilityChangedAlertConsumer } from './visibility-changed-alert.consumer.js';
import { workAlertConsumers } from './work-alert.consumers.js';

/** Every consumer that turns an event into alerts; alert-coverage.spec.ts holds it to the event catalogue. */
export const alertConsumers = [
  JobPostedAlertConsumer,
  PreferredWorkerAlertConsumer,
  CommentAlertConsumer,
  VisibilityChangedAlertConsumer,
  ApplicationWithdrawnAlertConsumer,
  JobClosedAlertConsumer,
  JobEditedAlertConsumer,
  FileCompletedAlertConsumer,
  FileAccessGrantedAlertConsumer,
  InvitationAcceptedAlertConsumer,
  ...workAlertConsumers,
  TeamApplicationSubmittedAlertConsumer,
  TeamApplicationAcceptedAlertConsumer,
  TeamApplicationDeclinedAlertConsumer,
  TeamMemberInvitedAlertConsumer,
  ContentModeratedAlertConsumer,
  WebhookDisabledAlertConsumer,
  MemberJoinedAlertConsumer,
  MemberSuspendedAlertConsumer,
  MemberReinstatedAlertConsumer,
  HelpRequestRepliedAlertConsumer,
];

/**
 * Events that alert nobody, and why: an account's own deletion (its alerts go with it), a changed
 * member card or team name (copies refreshed elsewhere, not news to anyone) and a waitlist invite
 * (the person is not a member yet; the invitation email is their news).
 */
export const EVENTS_WITHOUT_ALERTS: Readonly<Record<string, string>> = {
  'member.deleted': 'the account and its alerts are removed',
  'member.card_changed': 'only copies of the card are refreshed',
  'team.renamed': 'only the company name on team jobs is refreshed',
  'waitlist.invited': 'the person on the waitlist is emailed the invitation itself',
  'alerts.waiting': 'it announces alerts already written, to the gateways',
};
