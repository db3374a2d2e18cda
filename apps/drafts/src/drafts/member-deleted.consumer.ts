import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { memberDeletedV1, type EventEnvelope } from '@marketplace/contracts';
import { LOGGER, ObjectStorage, type EventConsumer, type Logger } from '@marketplace/service-kit';
import { RecordingEntity } from '../recordings/recording.entity.js';
import { discardObjects, storedKeys } from '../recordings/recording-upload.handlers.js';

/**
 * The drafts part of an account deletion: every draft of the member goes, answers and written
 * postings and walkthrough recordings included (jobs already posted from them belong to the job
 * board). A task still queued for a deleted draft finds nothing and writes nothing. Safe to apply
 * twice: a recording's objects are removed once its row is gone, and a failed removal only leaves garbage.
 */
@Injectable()
export class DraftsMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-drafts';
  readonly event = memberDeletedV1;

  constructor(private readonly storage: ObjectStorage, @Inject(LOGGER) private readonly logger: Logger) {}

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId } = event.payload;
    if (!/^[0-9a-f-]{36}$/i.test(memberId)) return;
    const recordings = await em.getRepository(RecordingEntity).findBy({ memberId });
    await em.query('DELETE FROM draft_recordings WHERE member_id = $1', [memberId]);
    await em.query('DELETE FROM job_drafts WHERE member_id = $1', [memberId]);
    discardObjects(this.storage, this.logger, recordings.flatMap(storedKeys));
  }
}
