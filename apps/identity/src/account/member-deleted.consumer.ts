import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { memberDeletedV1, type EventEnvelope } from '@marketplace/contracts';
import { forgetAttempts, type EventConsumer } from '@marketplace/service-kit';
import { PhotoStore } from '../photos/photo-store.js';

export const DELETED_MEMBER_NAME = 'Deleted member';

/**
 * Identity's part of an account deletion: the profile, photo, API keys, sessions, sign-in links,
 * linked providers, invitation link, email and team invitations and waitlist entry go, and the member row
 * keeps only its id and dates (so references elsewhere stay valid) with the email freed for a
 * new account. Every statement is safe to run twice.
 */
@Injectable()
export class IdentityMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-identity';
  readonly event = memberDeletedV1;

  constructor(private readonly photos: PhotoStore) {}

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, deletedAt } = event.payload;
    // Invitations go first: the waitlist entry is found by the address the scrub below removes.
    await em.query('DELETE FROM waitlist WHERE email = (SELECT email FROM members WHERE id = $1)', [memberId]);
    await em.query('DELETE FROM magic_links WHERE email = (SELECT email FROM members WHERE id = $1)', [memberId]);
    // Browser sign-in goes here; agent access (OAuth grants, tokens, connected agents) is removed
    // by RemoveAgentAccessConsumer.
    await em.query('DELETE FROM sessions WHERE member_id = $1', [memberId]);
    await em.query('DELETE FROM federated_identities WHERE member_id = $1', [memberId]);
    await em.query('DELETE FROM email_invitations WHERE inviter_id = $1', [memberId]);
    // Team invitations the member sent, and those waiting at their address.
    await em.query(
      'DELETE FROM team_invitations WHERE invited_by = $1 OR email = (SELECT email FROM members WHERE id = $1)', [memberId]);
    await em.query('DELETE FROM invite_links WHERE member_id = $1', [memberId]);
    await em.query('DELETE FROM network_lookups WHERE member_id = $1', [memberId]);
    const keys = (await em.query('SELECT id FROM api_keys WHERE member_id = $1', [memberId])) as { id: string }[];
    await forgetAttempts(em, [memberId, ...keys.map((k) => k.id)]);
    await em.query('DELETE FROM api_keys WHERE member_id = $1', [memberId]);
    // The photo's bytes go before its row: if storage fails, the event is retried with the key still known.
    const photos = (await em.query('SELECT object_key FROM member_photos WHERE member_id = $1', [memberId])) as { object_key: string | null }[];
    for (const { object_key: key } of photos) if (key) await this.photos.remove(key);
    await em.query('DELETE FROM member_photos WHERE member_id = $1', [memberId]);
    await em.query('DELETE FROM profiles WHERE member_id = $1', [memberId]);
    await em.query(
      `UPDATE members SET email = 'deleted-' || id || '@deleted.invalid', name = $2, headline = NULL,
         photo_url = NULL, network_url = NULL, identity_status = 'none', verified_name = NULL, deleted_at = COALESCE(deleted_at, $3)
       WHERE id = $1`,
      [memberId, DELETED_MEMBER_NAME, deletedAt],
    );
  }
}
