import type { ContactSwitch } from '@marketplace/contracts';

import type { SwitchColumn } from './channels.queries.js';

/**
 * What decides whether an alert is emailed: one of the member's switches, or `account` for notices
 * about the account itself (the welcome on joining, an endpoint disabled, the public profile
 * removed by staff, the team's reply to a help request), which are always emailed and carry no switch to turn off, as a service's own
 * notices do.
 */
export type EmailSwitch = ContactSwitch | 'account';

/**
 * The email switch of each event kind (content.moderated picks its own per kind of content, in
 * its consumer). Kinds not named here reach members through their agent (pull and MCP results) and browser push only. */
export const EMAIL_SWITCH_OF: Readonly<Record<string, EmailSwitch>> = {
  'job.commented': 'comments',
  // Only expiry and staff closures alert (JobClosedAlertConsumer): the poster's own close is no news.
  'job.closed': 'applications',
  'job.preferred_workers_named': 'preferredWorker',
  'application.submitted': 'applications',
  'application.withdrawn': 'applications',
  'application.declined': 'applications',
  'application.accepted': 'hiringAndWork',
  'work.submitted': 'hiringAndWork',
  'work.changes_requested': 'hiringAndWork',
  'work.approved': 'hiringAndWork',
  'work.completed': 'hiringAndWork',
  'work.cancellation_requested': 'hiringAndWork',
  'work.cancelled': 'hiringAndWork',
  'work.reminder_sent': 'hiringAndWork',
  'file.access_granted': 'hiringAndWork',
  'message.sent': 'messages',
  'invitation.accepted': 'messages',
  'team.member_invited': 'messages',
  'member.joined': 'account',
  'member.suspended': 'account',
  'member.reinstated': 'account',
  'webhook.disabled': 'account',
  'help_request.replied': 'account',
};

/** The preference column of each switch. */
export const SWITCH_COLUMN: Readonly<Record<ContactSwitch, SwitchColumn>> = {
  comments: 'email_comments',
  preferredWorker: 'email_preferred_worker',
  applications: 'email_applications',
  hiringAndWork: 'email_hiring_and_work',
  messages: 'email_messages',
};
