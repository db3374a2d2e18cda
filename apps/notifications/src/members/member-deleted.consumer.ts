import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';
import { memberDeletedV1, type EventEnvelope } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';

/** A deleted member's alerts (undelivered and delivered), preferences, browsers, email batches, event log and webhooks are removed; nobody can read them any more. */
@Injectable()
export class NotificationsMemberDeletedConsumer implements EventConsumer<typeof memberDeletedV1.payload> {
  readonly name = 'member-deleted-notifications';
  readonly event = memberDeletedV1;

  async apply(event: EventEnvelope<z.output<typeof memberDeletedV1.payload>>, em: EntityManager): Promise<void> {
    await em.query('DELETE FROM push_deliveries WHERE alert_id IN (SELECT id FROM alerts WHERE member_id = $1)', [event.payload.memberId]);
    await em.query('DELETE FROM alerts WHERE member_id = $1', [event.payload.memberId]);
    await em.query('DELETE FROM notification_preferences WHERE member_id = $1', [event.payload.memberId]);
    // Their browsers and email batches go too; a digest still queued finds nothing to send.
    await em.query('DELETE FROM push_subscriptions WHERE member_id = $1', [event.payload.memberId]);
    await em.query('DELETE FROM email_alerts WHERE member_id = $1', [event.payload.memberId]);
    await em.query('DELETE FROM email_digests WHERE member_id = $1', [event.payload.memberId]);
    await em.query('DELETE FROM email_members WHERE member_id = $1', [event.payload.memberId]);
    // Their event log and webhook endpoints (deliveries go with them): nothing more is sent anywhere.
    await em.query('DELETE FROM member_events WHERE member_id = $1', [event.payload.memberId]);
    await em.query('DELETE FROM webhook_endpoints WHERE member_id = $1', [event.payload.memberId]);
  }
}
