import { memberCardChangedV1, REMOVED_MEMBER_HEADLINE } from '@marketplace/contracts';
import { recordEvent } from '@marketplace/service-kit';
import type { EntityManager } from 'typeorm';

import type { Member } from '../members/members.queries.js';

type Card = Pick<Member, 'name' | 'headline' | 'photoUrl' | 'removedAt'>;

/** The card others may see: a member removed by moderators keeps their name, and their headline says so. */
export function publicCard(m: Card): { name: string; headline: string | null; photoUrl: string | null } {
  return m.removedAt ? { name: m.name, headline: REMOVED_MEMBER_HEADLINE, photoUrl: null } : { name: m.name, headline: m.headline, photoUrl: m.photoUrl };
}

/** Records member.card_changed when the public card differs from what it was. */
export async function recordCardChange(em: EntityManager, before: Card, after: Member): Promise<void> {
  const was = publicCard(before);
  const now = publicCard(after);
  if (was.name === now.name && was.headline === now.headline && was.photoUrl === now.photoUrl) return;
  await recordEvent(em, memberCardChangedV1, { memberId: after.id, ...now, changedAt: new Date().toISOString() });
}
