import { type EventEnvelope, getHelpReplyForAlert, helpRequestRepliedV1 } from '@marketplace/contracts';
import { BusClient, type EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { type AlertConversation, writeAlert } from './write-alert.js';

/** Long replies are cut in the alert and email; the whole reply is on the member's help requests page. */
const MAX_QUOTED = 1500;

const TOPIC_WORDS: Readonly<Record<string, string>> = {
  refund: 'a refund',
  chargeback: 'a chargeback',
  payment: 'a payment',
  payout: 'a payout',
  account: 'your account',
  question: 'your question',
  other: 'your request',
};

function helpConversation(helpRequestId: string): AlertConversation {
  return { key: `help:${helpRequestId}`, kind: 'account', jobId: null, applicationId: null, commentId: null, title: null };
}

/**
 * Staff replied to a member's help request: the member is told with the reply itself, by email
 * whatever the switches say (they asked for it). The reply is admin's, asked for here rather than
 * carried on the shared stream; when admin cannot answer the event is retried.
 */
@Injectable()
export class HelpRequestRepliedAlertConsumer implements EventConsumer<typeof helpRequestRepliedV1.payload> {
  readonly name = 'help-request-replied-alert';
  readonly event = helpRequestRepliedV1;

  constructor(private readonly bus: BusClient) {}

  async apply(event: EventEnvelope<z.output<typeof helpRequestRepliedV1.payload>>, em: EntityManager): Promise<void> {
    const { helpRequestId, replyId, memberId } = event.payload;
    const reply = await this.bus.call(getHelpReplyForAlert, { replyId }, { requestId: event.id, caller: null });
    // Gone with the member's account: nobody is left to tell.
    if (!reply.found || reply.message === null) return;
    const quoted = reply.message.length > MAX_QUOTED ? `${reply.message.slice(0, MAX_QUOTED)}…` : reply.message;
    const about = TOPIC_WORDS[reply.topic ?? ''] ?? 'your request';
    await writeAlert(
      em,
      event,
      memberId,
      `The team replied to your help request about ${about}: "${quoted}" (see My help requests on the website)`,
      helpConversation(helpRequestId),
      'account',
    );
  }
}
