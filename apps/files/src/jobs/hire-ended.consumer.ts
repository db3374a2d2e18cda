import { type EventEnvelope, workCancelledV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { revokeHireAccess } from './jobs.queries.js';

/**
 * A cancelled hire loses access to the job's files at once (the grant belongs to that hire; a
 * later hire starts without one). Safe to apply twice or late: it touches only that hire's grant.
 */
@Injectable()
export class FilesWorkCancelledConsumer implements EventConsumer<typeof workCancelledV1.payload> {
  readonly name = 'work-cancelled-files';
  readonly event = workCancelledV1;

  async apply(event: EventEnvelope<z.output<typeof workCancelledV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, applicationId } = event.payload;
    if (!/^[0-9a-f-]{36}$/i.test(jobId) || !/^[0-9a-f-]{36}$/i.test(applicationId)) return;
    await revokeHireAccess(em, jobId, applicationId);
  }
}
