import { type EventEnvelope, memberReinstatedV1, memberSuspendedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { type AlertConversation, writeAlert } from './write-alert.js';

/** The account's standing with staff: one conversation for a suspension and its lifting. */
function standingConversation(): AlertConversation {
  return { key: 'account:standing', kind: 'account', jobId: null, applicationId: null, commentId: null, title: null };
}

/**
 * A suspended member is told why and how to appeal, by email whatever the switches say: their
 * sessions and keys were just ended, so the email is what reaches them.
 */
@Injectable()
export class MemberSuspendedAlertConsumer implements EventConsumer<typeof memberSuspendedV1.payload> {
  readonly name = 'member-suspended-alert';
  readonly event = memberSuspendedV1;

  async apply(event: EventEnvelope<z.output<typeof memberSuspendedV1.payload>>, em: EntityManager): Promise<void> {
    await writeAlert(
      em,
      event,
      event.payload.memberId,
      `Your account is suspended: ${event.payload.reason}. You can still sign in to read and download your data, ` +
        'and appeal from the help page (topic appeal).',
      standingConversation(),
    );
  }
}

/** A lifted suspension is news the member is waiting for: told the same way. */
@Injectable()
export class MemberReinstatedAlertConsumer implements EventConsumer<typeof memberReinstatedV1.payload> {
  readonly name = 'member-reinstated-alert';
  readonly event = memberReinstatedV1;

  async apply(event: EventEnvelope<z.output<typeof memberReinstatedV1.payload>>, em: EntityManager): Promise<void> {
    const why = event.payload.reason ? ` ${event.payload.reason}` : '';
    await writeAlert(
      em,
      event,
      event.payload.memberId,
      `Your account's suspension is lifted: you can post, apply and message again.${why} Sign in again to connect your keys and agents.`,
      standingConversation(),
    );
  }
}
