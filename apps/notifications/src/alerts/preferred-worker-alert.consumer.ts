import { type EventEnvelope, jobPreferredWorkersNamedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { jobConversation, writeAlert } from './write-alert.js';

/** Tells each worker a poster named as preferred; the poster is not named (the job may be anonymous). */
@Injectable()
export class PreferredWorkerAlertConsumer implements EventConsumer<typeof jobPreferredWorkersNamedV1.payload> {
  readonly name = 'preferred-worker-alert';
  readonly event = jobPreferredWorkersNamedV1;

  async apply(event: EventEnvelope<z.output<typeof jobPreferredWorkersNamedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, title, workerIds } = event.payload;
    for (const workerId of workerIds) {
      await writeAlert(
        em,
        event,
        workerId,
        `A poster named you as a preferred worker for "${title}". Take a look and apply if it suits you.`,
        jobConversation(jobId, title),
      );
    }
  }
}
