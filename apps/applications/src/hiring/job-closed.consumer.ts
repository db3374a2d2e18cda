import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { applicationDeclinedV1, jobClosedV1, type EventEnvelope } from '@marketplace/contracts';
import { recordEvent, type EventConsumer } from '@marketplace/service-kit';
import { lockJobState } from './job-state-lock.js';

/** A closed or expired job declines every application still waiting on it. */
@Injectable()
export class JobClosedConsumer implements EventConsumer<typeof jobClosedV1.payload> {
  readonly name = 'job-closed-declines';
  readonly event = jobClosedV1;

  async apply(event: EventEnvelope<z.output<typeof jobClosedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, closedAt } = event.payload;
    await lockJobState(em, jobId);
    await em.query('INSERT INTO closed_jobs (job_id, closed_at) VALUES ($1, $2) ON CONFLICT DO NOTHING', [jobId, new Date(closedAt)]);
    const [declined] = (await em.query(
      `UPDATE applications SET status = 'declined', decided_at = $2
       WHERE job_id = $1 AND status = 'submitted'
       RETURNING id, applicant_id, poster_id, applied_to->>'title' AS title`,
      [jobId, new Date(closedAt)],
    )) as [{ id: string; applicant_id: string; poster_id: string; title: string }[], number];
    for (const d of declined) {
      await recordEvent(em, applicationDeclinedV1, {
        applicationId: d.id, jobId, title: d.title, applicantId: d.applicant_id, posterId: d.poster_id,
        reason: 'job_closed', declinedAt: closedAt,
      });
    }
  }
}
