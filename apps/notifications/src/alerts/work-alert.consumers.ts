import {
  applicationAcceptedV1,
  applicationDeclinedV1,
  applicationSubmittedV1,
  type EventDefinition,
  type EventEnvelope,
  messageSentV1,
  workApprovedV1,
  workCancellationRequestedV1,
  workCancelledV1,
  workChangesRequestedV1,
  workCompletedV1,
  workReminderSentV1,
  workSubmittedV1,
} from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable, type Type } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { applicationConversation, writeAlert } from './write-alert.js';

interface Alert {
  memberId: string;
  message: string;
  jobId: string;
  applicationId: string;
  title?: string;
}

/**
 * One consumer per application and work event; each creates alerts for the other side of the
 * step (never the member who took it). The unique (event, member) index makes redelivery harmless.
 */
function alertConsumer<P extends z.ZodType>(name: string, event: EventDefinition<P>, alerts: (payload: z.output<P>) => Alert[]): Type<EventConsumer<P>> {
  @Injectable()
  class AlertConsumer implements EventConsumer<P> {
    readonly name = name;
    readonly event = event;

    async apply(envelope: EventEnvelope<z.output<P>>, em: EntityManager): Promise<void> {
      for (const a of alerts(envelope.payload)) {
        await writeAlert(em, envelope, a.memberId, a.message, applicationConversation(a.applicationId, a.jobId, a.title));
      }
    }
  }
  return AlertConsumer;
}

export const ApplicationSubmittedAlert = alertConsumer('application-submitted-alert', applicationSubmittedV1, (p) => [
  { memberId: p.posterId, jobId: p.jobId, applicationId: p.applicationId, message: 'Your job received a new application.' },
]);

export const ApplicationAcceptedAlert = alertConsumer('application-accepted-alert', applicationAcceptedV1, (p) => [
  {
    memberId: p.workerId,
    jobId: p.jobId,
    applicationId: p.applicationId,
    title: p.title,
    message: `You were hired for "${p.title}". Start the work and turn it in when ready.`,
  },
]);

export const ApplicationDeclinedAlert = alertConsumer('application-declined-alert', applicationDeclinedV1, (p) => [
  {
    memberId: p.applicantId,
    jobId: p.jobId,
    applicationId: p.applicationId,
    title: p.title,
    message:
      p.reason === 'job_closed'
        ? `"${p.title}" closed; your application was declined.`
        : p.reason === 'hired_other'
          ? `Another applicant was hired for "${p.title}".`
          : `Your application to "${p.title}" was declined.`,
  },
]);

export const WorkSubmittedAlert = alertConsumer('work-submitted-alert', workSubmittedV1, (p) => [
  {
    memberId: p.posterId,
    jobId: p.jobId,
    applicationId: p.applicationId,
    title: p.title,
    message: `Round ${p.round} of "${p.title}" was turned in for your review.`,
  },
]);

export const WorkChangesRequestedAlert = alertConsumer('work-changes-requested-alert', workChangesRequestedV1, (p) => [
  {
    memberId: p.workerId,
    jobId: p.jobId,
    applicationId: p.applicationId,
    title: p.title,
    message: `The poster asked for changes to round ${p.round} of "${p.title}".`,
  },
]);

export const WorkApprovedAlert = alertConsumer('work-approved-alert', workApprovedV1, (p) => [
  {
    memberId: p.workerId,
    jobId: p.jobId,
    applicationId: p.applicationId,
    title: p.title,
    message: `Your work on "${p.title}" was approved. Rate the poster to complete the job.`,
  },
]);

export const WorkCompletedAlert = alertConsumer('work-completed-alert', workCompletedV1, (p) => [
  {
    memberId: p.posterId,
    jobId: p.jobId,
    applicationId: p.applicationId,
    title: p.title,
    message: `The worker rated you; "${p.title}" is completed and both ratings are public.`,
  },
]);

export const WorkCancellationRequestedAlert = alertConsumer('work-cancellation-requested-alert', workCancellationRequestedV1, (p) => [
  { memberId: p.workerId, jobId: p.jobId, applicationId: p.applicationId, title: p.title, message: `The poster asked you to cancel the work on "${p.title}".` },
]);

export const WorkCancelledAlert = alertConsumer('work-cancelled-alert', workCancelledV1, (p) =>
  [p.posterId, p.workerId]
    .filter((id) => id !== p.actorId)
    .map((memberId) => ({
      memberId,
      jobId: p.jobId,
      applicationId: p.applicationId,
      title: p.title,
      message: `The hire on "${p.title}" was cancelled; the job is open again.`,
    })),
);

export const WorkReminderAlert = alertConsumer('work-reminder-alert', workReminderSentV1, (p) => [
  { memberId: p.remindedId, jobId: p.jobId, applicationId: p.applicationId, title: p.title, message: `Reminder: "${p.title}" is waiting on you.` },
]);

export const MessageSentAlert = alertConsumer('message-sent-alert', messageSentV1, (p) => [
  {
    memberId: p.recipientId,
    jobId: p.jobId,
    applicationId: p.applicationId,
    title: p.title,
    message: `New message from the ${p.senderRole} about "${p.title}".`,
  },
]);

export const workAlertConsumers = [
  ApplicationSubmittedAlert,
  ApplicationAcceptedAlert,
  ApplicationDeclinedAlert,
  WorkSubmittedAlert,
  WorkChangesRequestedAlert,
  WorkApprovedAlert,
  WorkCompletedAlert,
  WorkCancellationRequestedAlert,
  WorkCancelledAlert,
  WorkReminderAlert,
  MessageSentAlert,
];
