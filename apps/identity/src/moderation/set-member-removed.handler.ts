import { type InputOf, isUuid, type OutputOf, setMemberRemoved } from '@marketplace/contracts';
import { type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';

import { memberById, profileOf, updateMember } from '../members/members.queries.js';
import { recordCardChange } from '../profile/member-card-event.js';

type Result = OutputOf<typeof setMemberRemoved>;

const NOT_FOUND: Result = { found: false, ownerId: null, evidence: null };

/**
 * Moderation of a member, for admin. The profile is hidden, never changed, so a restore after an
 * appeal gives it back; the card others keep a copy of (posters, applicants) follows through
 * member.card_changed. Setting the same state again changes nothing.
 */
@Injectable()
export class SetMemberRemovedHandler implements OperationHandler<typeof setMemberRemoved> {
  readonly operation = setMemberRemoved;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ itemId, removed }: InputOf<typeof setMemberRemoved>): Promise<Result> {
    if (!isUuid(itemId)) return NOT_FOUND;
    return this.uow.run(async (em) => {
      const member = await memberById(em, itemId.toLowerCase(), true);
      if (!member || member.deletedAt) return NOT_FOUND;
      const profile = await profileOf(em, member.id);
      const before = { ...member };
      if (removed !== (member.removedAt !== null)) {
        member.removedAt = removed ? new Date() : null;
        await updateMember(em, member.id, { removed_at: member.removedAt });
        await recordCardChange(em, before, member);
      }
      return {
        found: true,
        ownerId: member.id,
        evidence: { name: member.name, headline: member.headline, photoUrl: member.photoUrl, about: profile?.about ?? null, website: profile?.website ?? null },
      };
    });
  }
}
