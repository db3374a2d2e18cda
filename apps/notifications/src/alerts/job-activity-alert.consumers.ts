import { applicationWithdrawnV1, type EventEnvelope, jobClosedV1, jobEditedV1, listWaitingApplicants } from '@marketplace/contracts';
import { BusClient, type EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { applicationConversation, jobConversation, writeAlert } from './write-alert.js';

/** The poster hears that an applicant withdrew. */
@Injectable()
export class ApplicationWithdrawnAlertConsumer implements EventConsumer<typeof applicationWithdrawnV1.payload> {
  readonly name = 'application-withdrawn-alert';
  readonly event = applicationWithdrawnV1;

  async apply(event: EventEnvelope<z.output<typeof applicationWithdrawnV1.payload>>, em: EntityManager): Promise<void> {
    const { applicationId, jobId, posterId, applicantId } = event.payload;
    if (posterId === applicantId) return;
    await writeAlert(em, event, posterId, 'An applicant withdrew their application to your job.', applicationConversation(applicationId, jobId));
  }
}

/**
 * The poster hears when their job closed without them closing it (it expired, or staff closed
 * it). Waiting applicants hear through application.declined, which the closing causes.
 */
@Injectable()
export class JobClosedAlertConsumer implements EventConsumer<typeof jobClosedV1.payload> {
  readonly name = 'job-closed-alert';
  readonly event = jobClosedV1;

  async apply(event: EventEnvelope<z.output<typeof jobClosedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, posterId, reason } = event.payload;
    if (reason !== 'expired' && reason !== 'staff') return;
    const message =
      reason === 'expired' ? 'Your job reached the end of its 14 days and closed. Reopen it to take applications again.' : 'Staff closed your job.';
    await writeAlert(em, event, posterId, message, jobConversation(jobId));
  }
}

/**
 * Applicants still waiting hear that the job they applied to changed its content, so their
 * agents can re-read it. Who is waiting belongs to the applications service; when it cannot
 * answer the event is retried rather than half-delivered.
 */
@Injectable()
export class JobEditedAlertConsumer implements EventConsumer<typeof jobEditedV1.payload> {
  readonly name = 'job-edited-alert';
  readonly event = jobEditedV1;

  constructor(private readonly bus: BusClient) {}

  async apply(event: EventEnvelope<z.output<typeof jobEditedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, posterId, title, version, contentChanged } = event.payload;
    if (!contentChanged) return;
    const { applicantIds } = await this.bus.call(listWaitingApplicants, { jobId }, { requestId: event.id, caller: null });
    for (const memberId of applicantIds.filter((id) => id !== posterId)) {
      await writeAlert(em, event, memberId, `"${title}", a job you applied to, was edited (version ${version}).`, jobConversation(jobId, title));
    }
  }
}
