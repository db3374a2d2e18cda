import type { JobMember, Message } from '@marketplace/contracts';
import { posterAsSeenBy } from '../applying/application.mapper.js';
import type { ConversationEntity } from './conversation.entity.js';
import type { MessageEntity } from './message.entity.js';

export type Side = 'poster' | 'applicant';

export function toMessage(m: MessageEntity, viewer: Side): Message {
  return {
    id: m.id, applicationId: m.applicationId, from: m.senderRole, mine: m.senderRole === viewer, sentBy: m.sentBy,
    body: m.removedAt ? '' : m.body, removed: m.removedAt !== null, createdAt: m.createdAt.toISOString(), readAt: m.readAt?.toISOString() ?? null,
  };
}

/** The other side as the viewer may see it: an anonymous poster stays masked until they hire the applicant. */
export function otherSide(c: ConversationEntity, viewer: Side, hired: boolean): { id: string | null; name: string } {
  if (viewer === 'poster') return { id: c.applicantId, name: c.applicantName };
  const poster: JobMember = posterAsSeenBy(c.poster, c.posterVisibility, hired);
  return { id: poster.id, name: poster.name };
}

export function sideOf(c: ConversationEntity, memberId: string): Side | null {
  if (c.posterId === memberId) return 'poster';
  if (c.applicantId === memberId) return 'applicant';
  return null;
}
