import { applicationSubmittedV1, applicationWithdrawnV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { countApplicant, uncountApplicant } from './hiring.queries.js';

/**
 * Keeps `jobs.applicants` (applications received, not counting withdrawn) current. The consumer
 * runner records each event id in the same transaction, so a redelivered event never counts twice.
 */
@Injectable()
export class ApplicationSubmittedCountConsumer implements EventConsumer<typeof applicationSubmittedV1.payload> {
  readonly name = 'applicant-count-submitted';
  readonly event = applicationSubmittedV1;

  async apply(event: EventEnvelope<z.output<typeof applicationSubmittedV1.payload>>, em: EntityManager): Promise<void> {
    await countApplicant(em, event.payload.jobId);
  }
}

@Injectable()
export class ApplicationWithdrawnCountConsumer implements EventConsumer<typeof applicationWithdrawnV1.payload> {
  readonly name = 'applicant-count-withdrawn';
  readonly event = applicationWithdrawnV1;

  async apply(event: EventEnvelope<z.output<typeof applicationWithdrawnV1.payload>>, em: EntityManager): Promise<void> {
    await uncountApplicant(em, event.payload.jobId);
  }
}
