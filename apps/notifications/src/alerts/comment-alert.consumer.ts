import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { jobCommentedV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';

/** Comments notify the job's poster and the parent comment's author, never the one who wrote it. */
@Injectable()
export class CommentAlertConsumer implements EventConsumer<typeof jobCommentedV1.payload> {
  readonly name = 'comment-alert';
  readonly event = jobCommentedV1;

  async apply(event: EventEnvelope<z.output<typeof jobCommentedV1.payload>>, em: EntityManager): Promise<void> {
    const { jobId, title, authorId, posterId, parentAuthorId } = event.payload;
    const recipients = new Map<string, string>();
    if (parentAuthorId && parentAuthorId !== authorId) recipients.set(parentAuthorId, `Someone replied to your comment on "${title}".`);
    if (posterId !== authorId && !recipients.has(posterId)) recipients.set(posterId, `New comment on your job "${title}".`);
    for (const [memberId, message] of recipients) {
      await em.query(
        `INSERT INTO alerts (id, member_id, kind, message, job_id, event_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [randomUUID(), memberId, event.type, message, jobId, event.id, event.occurredAt],
      );
    }
  }
}
