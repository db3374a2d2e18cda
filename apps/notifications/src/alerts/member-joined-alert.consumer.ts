import { type EventEnvelope, memberJoinedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { welcomeConversation, writeAlert } from './write-alert.js';

/**
 * The welcome a new account gets on its first sign-in, emailed whatever its switches say (the
 * settings page promises it) and kept with its notifications.
 */
@Injectable()
export class MemberJoinedAlertConsumer implements EventConsumer<typeof memberJoinedV1.payload> {
  readonly name = 'member-joined-alert';
  readonly event = memberJoinedV1;

  async apply(event: EventEnvelope<z.output<typeof memberJoinedV1.payload>>, em: EntityManager): Promise<void> {
    await writeAlert(
      em,
      event,
      event.payload.memberId,
      // The message is the email's subject when it goes alone, so the welcome leads.
      'Welcome to the marketplace: finish your profile to apply to jobs, post a job when you need one done, ' + 'and connect your AI agent under Agent access.',
      welcomeConversation(),
    );
  }
}
