import { type EventEnvelope, memberDeletedV1 } from '@marketplace/contracts';
import { type EventConsumer, forgetAttempts } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { queueDiscards, storedKeys } from '../recordings/recording-storage.js';
import { deleteMemberRecordings, recordingsOfMember } from '../recordings/recordings.queries.js';
import { deleteMemberDrafts } from './drafts.queries.js';

/**
 * The drafts part of an account deletion: every draft of the member goes, answers and written
 * postings and walkthrough recordings included (jobs already posted from them belong to the job
 * board). A task still queued for a deleted draft finds nothing and writes nothing. Safe to apply
 * twice: a recording's objects are queued for the recording sweep with the rows' deletion.
 */
@Injectable()
export class DraftsMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-drafts';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId } = event.payload;
    if (!/^[0-9a-f-]{36}$/i.test(memberId)) return;
    const recordings = await recordingsOfMember(em, memberId);
    await deleteMemberRecordings(em, memberId);
    await deleteMemberDrafts(em, memberId);
    // The member's counts in the drafts limits (starts, rewrites, recordings) go with them.
    await forgetAttempts(em, [memberId]);
    // Removed by the recording sweep once this commits; removing them here could lose a recording whose deletion rolls back.
    await queueDiscards(em, recordings.flatMap(storedKeys));
  }
}
