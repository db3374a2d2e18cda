import { type EventEnvelope, memberDeletedV1 } from '@marketplace/contracts';
import { type EventConsumer, forgetAttempts } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { PhotoStore } from '../photos/photo-store.js';
import { deleteMemberAccess, deleteMemberKeys, photoKeysOf, scrubMember } from './account.queries.js';

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
    // Browser sign-in goes here; agent access (OAuth grants, tokens, connected agents) is removed
    // by RemoveAgentAccessConsumer.
    const keys = await deleteMemberAccess(em, memberId);
    await forgetAttempts(em, [memberId, ...keys]);
    await deleteMemberKeys(em, memberId);
    // The photo's bytes go before its row: if storage fails, the event is retried with the key still known.
    for (const key of await photoKeysOf(em, memberId)) if (key) await this.photos.remove(key);
    await scrubMember(em, memberId, DELETED_MEMBER_NAME, deletedAt);
  }
}
