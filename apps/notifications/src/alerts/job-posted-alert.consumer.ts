import { type EventEnvelope, jobPostedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { jobConversation, writeAlert } from './write-alert.js';

/** Tells the poster their job is live and when it closes. */
@Injectable()
export class JobPostedAlertConsumer implements EventConsumer<typeof jobPostedV1.payload> {
  readonly name = 'job-posted-alert';
  readonly event = jobPostedV1;

  async apply(event: EventEnvelope<z.output<typeof jobPostedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, posterId, title, closesAt } = event.payload;
    await writeAlert(em, event, posterId, `Your job "${title}" is open for applications until ${closesAt.slice(0, 10)}.`, jobConversation(jobId, title));
  }
}
