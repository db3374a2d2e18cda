import { type EventEnvelope, webhookDisabledV1 } from '@marketplace/contracts';
import type { EventConsumer } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { z } from 'zod';

import { writeAlert } from '../alerts/write-alert.js';

/** The member hears that one of their webhook endpoints was disabled, and why. */
@Injectable()
export class WebhookDisabledAlertConsumer implements EventConsumer<typeof webhookDisabledV1.payload> {
  readonly name = 'webhook-disabled-alert';
  readonly event = webhookDisabledV1;

  async apply(event: EventEnvelope<z.output<typeof webhookDisabledV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, url, reason } = event.payload;
    const why = reason === 'gone' ? 'it answered 410 Gone' : 'its deliveries kept failing for days';
    await writeAlert(em, event, memberId, `Your webhook endpoint ${url} was disabled: ${why}. Register it again to resume deliveries.`, {
      key: 'account:webhooks',
      kind: 'account',
      jobId: null,
      applicationId: null,
      commentId: null,
      title: null,
    });
  }
}
