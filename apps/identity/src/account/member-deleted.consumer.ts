import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { memberDeletedV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';

export const DELETED_MEMBER_NAME = 'Deleted member';

/**
 * Identity's part of an account deletion: the profile, photo and API keys go, and the member row
 * keeps only its id and dates (so references elsewhere stay valid) with the email freed for a
 * new account. Every statement is safe to run twice.
 */
@Injectable()
export class IdentityMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-identity';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, deletedAt } = event.payload;
    await em.query('DELETE FROM key_usage WHERE key_id IN (SELECT id FROM api_keys WHERE member_id = $1)', [memberId]);
    await em.query('DELETE FROM api_keys WHERE member_id = $1', [memberId]);
    await em.query('DELETE FROM member_photos WHERE member_id = $1', [memberId]);
    await em.query('DELETE FROM profiles WHERE member_id = $1', [memberId]);
    await em.query(
      `UPDATE members SET email = 'deleted-' || id || '@deleted.invalid', name = $2, headline = NULL,
         photo_url = NULL, network_url = NULL, deleted_at = COALESCE(deleted_at, $3)
       WHERE id = $1`,
      [memberId, DELETED_MEMBER_NAME, deletedAt],
    );
  }
}
