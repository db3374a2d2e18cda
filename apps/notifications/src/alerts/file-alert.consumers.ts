import { type EventEnvelope, fileAccessGrantedV1, fileCompletedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { applicationConversation, jobConversation, writeAlert } from './write-alert.js';

/**
 * The first completion of a job file tells the other authorized participant (the files service
 * names them in recipientIds; retries of the completion record no new event).
 */
@Injectable()
export class FileCompletedAlertConsumer implements EventConsumer<typeof fileCompletedV1.payload> {
  readonly name = 'file-completed-alert';
  readonly event = fileCompletedV1;

  async apply(event: EventEnvelope<z.output<typeof fileCompletedV1.payload>>, em: EntityManager): Promise<void> {
    const { area, ownerId, hireId, path, uploaderId, recipientIds } = event.payload;
    if (area !== 'job') return;
    const conversation = hireId ? applicationConversation(hireId, ownerId) : jobConversation(ownerId);
    for (const memberId of recipientIds.filter((id) => id !== uploaderId)) {
      await writeAlert(em, event, memberId, `A new file is ready in the job's files: ${path}`, conversation);
    }
  }
}

/** A newly enabled grant tells the worker they can open the job's files (a repeated grant records no event). */
@Injectable()
export class FileAccessGrantedAlertConsumer implements EventConsumer<typeof fileAccessGrantedV1.payload> {
  readonly name = 'file-access-granted-alert';
  readonly event = fileAccessGrantedV1;

  async apply(event: EventEnvelope<z.output<typeof fileAccessGrantedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, hireId, recipientIds } = event.payload;
    for (const memberId of recipientIds) {
      await writeAlert(em, event, memberId, "The poster gave you access to the job's files.", applicationConversation(hireId, jobId));
    }
  }
}
