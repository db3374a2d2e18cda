import type { JobMember, Message } from '@marketplace/contracts';

import { posterAsSeenBy } from '../applying/application.mapper.js';
import type { ConversationRow, MessageRow } from './messages.queries.js';

export type Side = 'poster' | 'applicant';

export function toMessage(m: MessageRow, viewer: Side): Message {
  return {
    id: m.id,
    applicationId: m.application_id,
    from: m.sender_role,
    mine: m.sender_role === viewer,
    sentBy: m.sent_by,
    body: m.removed_at ? '' : m.body,
    removed: m.removed_at !== null,
    createdAt: m.created_at.toISOString(),
    readAt: m.read_at?.toISOString() ?? null,
  };
}

/** The other side as the viewer may see it: an anonymous poster stays masked until they hire the applicant. */
export function otherSide(c: ConversationRow, viewer: Side, hired: boolean): { id: string | null; name: string } {
  if (viewer === 'poster') return { id: c.applicant_id, name: c.applicant_name };
  const poster: JobMember = posterAsSeenBy(c.poster, c.poster_visibility, hired);
  return { id: poster.id, name: poster.name };
}

export function sideOf(c: Pick<ConversationRow, 'poster_id' | 'applicant_id'>, memberId: string): Side | null {
  if (c.poster_id === memberId) return 'poster';
  if (c.applicant_id === memberId) return 'applicant';
  return null;
}
