import type { EntityManager } from 'typeorm';
import { memberCardChangedV1 } from '@marketplace/contracts';
import { recordEvent } from '@marketplace/service-kit';
import type { MemberEntity } from '../members/member.entity.js';

/** Records member.card_changed when the public card differs from what it was. */
export async function recordCardChange(
  em: EntityManager, before: Pick<MemberEntity, 'name' | 'headline' | 'photoUrl'>, after: MemberEntity,
): Promise<void> {
  if (before.name === after.name && before.headline === after.headline && before.photoUrl === after.photoUrl) return;
  await recordEvent(em, memberCardChangedV1, {
    memberId: after.id, name: after.name, headline: after.headline, photoUrl: after.photoUrl, changedAt: new Date().toISOString(),
  });
}
