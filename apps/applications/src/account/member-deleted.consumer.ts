import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { applicationWithdrawnV1, memberDeletedV1, type EventEnvelope } from '@marketplace/contracts';
import { recordEvent, type EventConsumer, forgetAttempts } from '@marketplace/service-kit';

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
    const [removed] = (await em.query(
      `DELETE FROM applications WHERE applicant_id = $1 AND status <> 'accepted' RETURNING id, job_id, poster_id, status`,
      [memberId],
    )) as [{ id: string; job_id: string; poster_id: string; status: string }[], number];
    for (const r of removed.filter((x) => x.status !== 'withdrawn')) {
      // The job's applicant count stops counting it, as for a withdrawal.
      await recordEvent(em, applicationWithdrawnV1, {
        applicationId: r.id, jobId: r.job_id, applicantId: memberId, posterId: r.poster_id, withdrawnAt: deletedAt,
      });
    }
    await em.query(
      `UPDATE applications SET applicant = applicant || jsonb_build_object('name', $2::text, 'email', '', 'headline', NULL,
         'photoUrl', NULL, 'website', NULL, 'networkUrl', NULL), resume = NULL
       WHERE applicant_id = $1`,
      [memberId, FORMER],
    );
    await em.query(`UPDATE applications SET poster_contact = NULL WHERE poster_id = $1`, [memberId]);
    await em.query(`UPDATE hires SET worker = $2::jsonb WHERE worker_id = $1`, [memberId, FORMER_MEMBER]);
    await em.query(`UPDATE hires SET poster = $2::jsonb WHERE poster_id = $1`, [memberId, FORMER_MEMBER]);
    await em.query(`UPDATE ratings SET rater_id = NULL, by = $2::jsonb WHERE rater_id = $1`, [memberId, FORMER_MEMBER]);
    await em.query(`UPDATE messages SET sender_id = NULL WHERE sender_id = $1`, [memberId]);
    await forgetAttempts(em, [memberId]);
    await em.query(
      `UPDATE conversations SET applicant_id = NULL, applicant_name = $2 WHERE applicant_id = $1`, [memberId, FORMER],
    );
    await em.query(
      `UPDATE conversations SET poster_id = NULL, poster = $2::jsonb WHERE poster_id = $1`, [memberId, FORMER_MEMBER],
    );
  }
}
