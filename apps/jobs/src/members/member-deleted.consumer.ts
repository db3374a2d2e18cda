import { type EventEnvelope, jobClosedV1, memberDeletedV1 } from '@marketplace/contracts';
import { type EventConsumer, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { anonymiseCommentsOf, blankPosterCard, closeOpenJobsOf, dropWalkthroughsOf } from './members.queries.js';

export const DELETED_MEMBER_NAME = 'Deleted member';

/**
 * The jobs side of an account deletion: the member's open jobs close (job.closed, reason
 * account_deleted), the posters card loses the name, so finished jobs stay readable without
 * it, and no job keeps a walkthrough video (the drafts service deletes the recording itself; a
 * finished job would otherwise go on offering its worker a link to it). The member's comments stay
 * (replies hang on them) but lose the id and name: they read as written by `Deleted member`.
 * Running it twice closes nothing new and rewrites the same card and comments.
 */
@Injectable()
export class JobsMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-jobs';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId } = event.payload;
    const closed = await closeOpenJobsOf(em, memberId);
    const closedAt = new Date().toISOString();
    for (const { id } of closed) {
      await recordEvent(em, jobClosedV1, { jobId: id, posterId: memberId, reason: 'account_deleted', closedAt });
    }
    await dropWalkthroughsOf(em, memberId);
    await anonymiseCommentsOf(em, memberId, DELETED_MEMBER_NAME);
    await blankPosterCard(em, memberId, DELETED_MEMBER_NAME);
  }
}
