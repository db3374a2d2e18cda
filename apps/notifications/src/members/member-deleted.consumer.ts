import { type EventEnvelope, memberDeletedV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { deleteMemberData } from './members.queries.js';

/** A deleted member's alerts (undelivered and delivered), preferences, browsers, email batches, event log and webhooks are removed; nobody can read them any more. */
@Injectable()
export class NotificationsMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-notifications';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    // Their browsers and email batches go too (a digest still queued finds nothing to send), and their
    // event log and webhook endpoints with the deliveries: nothing more is sent anywhere.
    await deleteMemberData(em, event.payload.memberId);
  }
}
