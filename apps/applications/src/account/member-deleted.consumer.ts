import { applicationWithdrawnV1, type EventEnvelope, memberDeletedV1 } from '@marketplace/contracts';
import { type EventConsumer, forgetAttempts, recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { deleteApplicationsOf, forgetMemberInConversations, forgetMemberInWork } from './account.queries.js';

const FORMER = 'Former member';
const FORMER_MEMBER = JSON.stringify({ id: null, name: FORMER, headline: null, photoUrl: null });

/**
 * A deleted account loses its applications except those that are part of hired work (finished:
 * account deletion is refused while work is underway). What remains — hires, ratings, messages —
 * stays without the member's name or contact.
 */
@Injectable()
export class MemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-applications';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, deletedAt } = event.payload;
    const removed = await deleteApplicationsOf(em, memberId);
    for (const r of removed.filter((x) => x.status !== 'withdrawn')) {
      // The job's applicant count stops counting it, as for a withdrawal.
      await recordEvent(em, applicationWithdrawnV1, {
        applicationId: r.id,
        jobId: r.job_id,
        applicantId: memberId,
        posterId: r.poster_id,
        withdrawnAt: deletedAt,
      });
    }
    await forgetMemberInWork(em, memberId, FORMER, FORMER_MEMBER);
    await forgetAttempts(em, [memberId]);
    await forgetMemberInConversations(em, memberId, FORMER, FORMER_MEMBER);
  }
}
