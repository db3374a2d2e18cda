import { randomUUID } from 'node:crypto';

import { agentAlertsWaitingV1, alertEmailQueue, alertPushQueue, type EventEnvelope } from '@marketplace/contracts';
import { enqueueWork, recordEvent } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import { channelsConfig } from '../channels/channels.config.js';
import { openEmailDigest } from '../channels/channels.queries.js';
import { EMAIL_SWITCH_OF, type EmailSwitch, SWITCH_COLUMN } from '../channels/email-switches.js';
import { queueWebhookDeliveries } from '../webhooks/webhook-fanout.js';
import { writeAlertRows } from './write-alert.queries.js';

/** The conversation an alert belongs to; delivery groups alerts by `key`. */
export interface AlertConversation {
  key: string;
  kind: 'application' | 'job' | 'comment_thread' | 'account';
  jobId: string | null;
  applicationId: string | null;
  commentId: string | null;
  title: string | null;
}

/** An application, its hiring, work steps and messages. */
export function applicationConversation(applicationId: string, jobId: string, title?: string | null): AlertConversation {
  return { key: `application:${applicationId}`, kind: 'application', jobId, applicationId, commentId: null, title: title ?? null };
}

/** A job as a whole: posted, visibility changes, preferred workers named. */
export function jobConversation(jobId: string, title?: string | null): AlertConversation {
  return { key: `job:${jobId}`, kind: 'job', jobId, applicationId: null, commentId: null, title: title ?? null };
}

/** One top-level comment on a job and every reply under it. */
export function commentThreadConversation(rootCommentId: string, jobId: string, title?: string | null): AlertConversation {
  return { key: `comments:${rootCommentId}`, kind: 'comment_thread', jobId, applicationId: null, commentId: rootCommentId, title: title ?? null };
}

/** The member's account as a whole: people who joined with their invitation. */
export function invitationsConversation(): AlertConversation {
  return { key: 'account:invitations', kind: 'account', jobId: null, applicationId: null, commentId: null, title: null };
}

/** The account itself: the welcome on joining. */
export function welcomeConversation(): AlertConversation {
  return { key: 'account:welcome', kind: 'account', jobId: null, applicationId: null, commentId: null, title: null };
}

/** The member's team invitations. */
export function teamInvitationsConversation(): AlertConversation {
  return { key: 'account:team-invitations', kind: 'account', jobId: null, applicationId: null, commentId: null, title: null };
}

/**
 * Writes one alert for one member and routes it to email (under `emailSwitch`: the event's own
 * unless one event kind covers several families, as staff moderation does) and push and, once committed, announces
 * it to the gateways for the member's agent, appends it to the member's event log and queues its webhook deliveries; the unique (event, member) index makes redelivery
 * harmless (nothing is written, routed or announced twice). Every alert costs two statements (writeAlertRows and the
 * announcement); only a digest opened, a push subscription or a webhook endpoint add their own.
 */
export async function writeAlert(
  em: EntityManager,
  event: EventEnvelope<unknown>,
  memberId: string,
  message: string,
  c: AlertConversation,
  emailSwitch: EmailSwitch | null = EMAIL_SWITCH_OF[event.type] ?? null,
): Promise<void> {
  const payload = {
    message,
    conversationKey: c.key,
    conversationKind: c.kind,
    jobId: c.jobId,
    applicationId: c.applicationId,
    commentId: c.commentId,
    title: c.title,
  };
  const config = channelsConfig();
  const candidate = randomUUID();
  const written = await writeAlertRows(
    em,
    {
      id: randomUUID(),
      member_id: memberId,
      kind: event.type,
      message,
      job_id: c.jobId,
      application_id: c.applicationId,
      comment_id: c.commentId,
      title: c.title,
      conversation_key: c.key,
      conversation_kind: c.kind,
      event_id: event.id,
      created_at: event.occurredAt,
    },
    {
      payload,
      // Switched off at the time of the event: never emailed, even if the switch is turned back on later.
      email: emailSwitch && config.smtpUrl ? { emailSwitch, column: emailSwitch === 'account' ? null : SWITCH_COLUMN[emailSwitch], candidate } : null,
      push: config.push !== undefined,
    },
  );
  if (!written) return;
  if (written.opened) {
    await openEmailDigest(em, candidate, memberId, written.last_closed_at, config.emailWindowMs / 1000);
    await enqueueWork(em, alertEmailQueue, { digestId: candidate });
  }
  if (written.pushed) await enqueueWork(em, alertPushQueue, { alertId: written.id });
  if (written.endpoints.length) await queueWebhookDeliveries(em, event, written.endpoints, payload);
  await recordEvent(em, agentAlertsWaitingV1, { memberId });
}
