import { contentModeratedV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import type { EmailSwitch } from '../channels/email-switches.js';
import { type AlertConversation, jobConversation, writeAlert } from './write-alert.js';

/**
 * A removed comment, profile or message has no public place left to file the alert under, so it
 * gets its own conversation on the account.
 */
function moderationConversation(kind: 'comment' | 'member' | 'message', itemId: string): AlertConversation {
  return { key: `moderation:${itemId}`, kind: 'account', jobId: null, applicationId: null, commentId: kind === 'comment' ? itemId : null, title: null };
}

const WHAT = { job: 'Your job', comment: 'Your comment', member: 'Your public profile', message: 'Your message' } as const;

/** Emailed under the switch of what was moderated; the public profile is the account itself. */
const EMAIL_SWITCH: Record<keyof typeof WHAT, EmailSwitch> = { job: 'applications', comment: 'comments', member: 'account', message: 'messages' };

/** The owner of a removed or restored job, comment, profile or message is told what staff did and why. */
@Injectable()
export class ContentModeratedAlertConsumer implements EventConsumer<typeof contentModeratedV1.payload> {
  readonly name = 'content-moderated-alert';
  readonly event = contentModeratedV1;

  async apply(event: EventEnvelope<z.output<typeof contentModeratedV1.payload>>, em: EntityManager): Promise<void> {
    const { kind, itemId, ownerId, action, reason } = event.payload;
    const what = WHAT[kind];
    const message = action === 'removed' ? `${what} was removed by moderators: ${reason}` : `${what} was restored after review: ${reason}`;
    const conversation = kind === 'job' ? jobConversation(itemId) : moderationConversation(kind, itemId);
    await writeAlert(em, event, ownerId, message, conversation, EMAIL_SWITCH[kind]);
  }
}
