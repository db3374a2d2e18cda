import { applicationSubmittedV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { recordApplication } from './performance.queries.js';

/** Keeps the applications a poster received, for the performance report's applications and agent share. */
@Injectable()
export class ApplicationSubmittedConsumer implements EventConsumer<typeof applicationSubmittedV1.payload> {
  readonly name = 'performance-application-submitted';
  readonly event = applicationSubmittedV1;

  async apply(event: EventEnvelope<z.output<typeof applicationSubmittedV1.payload>>, em: EntityManager): Promise<void> {
    const p = event.payload;
    await recordApplication(em, p);
  }
}
