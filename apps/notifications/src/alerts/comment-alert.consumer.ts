import { type EventEnvelope, jobCommentedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { commentThreadConversation, writeAlert } from './write-alert.js';

/** Comments notify the job's poster and the parent comment's author, never the one who wrote it. */
@Injectable()
export class CommentAlertConsumer implements EventConsumer<typeof jobCommentedV1.payload> {
  readonly name = 'comment-alert';
  readonly event = jobCommentedV1;

  async apply(event: EventEnvelope<z.output<typeof jobCommentedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, commentId, threadRootId, title, authorId, posterId, parentAuthorId } = event.payload;
    // Events from before threadRootId was carried: a reply then groups under its own id.
    const conversation = commentThreadConversation(threadRootId ?? commentId, jobId, title);
    const recipients = new Map<string, string>();
    if (parentAuthorId && parentAuthorId !== authorId) recipients.set(parentAuthorId, `Someone replied to your comment on "${title}".`);
    if (posterId !== authorId && !recipients.has(posterId)) recipients.set(posterId, `New comment on your job "${title}".`);
    for (const [memberId, message] of recipients) {
      await writeAlert(em, event, memberId, message, conversation);
    }
  }
}
