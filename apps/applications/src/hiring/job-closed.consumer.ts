import { applicationDeclinedV1, type EventEnvelope, jobClosedV1 } from '@marketplace/contracts';
import { type EventConsumer, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { declineWaitingOnClosedJob, lockJobState, recordClosedJob } from './hiring.queries.js';

/** A closed or expired job declines every application still waiting on it. */
@Injectable()
export class JobClosedConsumer implements EventConsumer<typeof jobClosedV1.payload> {
  readonly name = 'job-closed-declines';
  readonly event = jobClosedV1;

  async apply(event: EventEnvelope<z.output<typeof jobClosedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, closedAt } = event.payload;
    await lockJobState(em, jobId);
    await recordClosedJob(em, jobId, new Date(closedAt));
    const declined = await declineWaitingOnClosedJob(em, jobId, new Date(closedAt));
    for (const d of declined) {
      await recordEvent(em, applicationDeclinedV1, {
        applicationId: d.id,
        jobId,
        title: d.title,
        applicantId: d.applicant_id,
        posterId: d.poster_id,
        reason: 'job_closed',
        declinedAt: closedAt,
      });
    }
  }
}
