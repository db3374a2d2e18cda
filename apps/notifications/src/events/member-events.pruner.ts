import { MEMBER_EVENTS_KEPT_DAYS } from '@marketplace/contracts';
import type { PeriodicTask } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { pruneMemberEvents, pruneSettledWebhookDeliveries } from './member-events.queries.js';

/**
 * Drops member events older than MEMBER_EVENTS_KEPT_DAYS, and settled webhook deliveries (delivered
 * or failed) as old, so the delivery logs stay bounded; a periodic task of the kit, hourly, one replica per tick.
 */
@Injectable()
export class MemberEventsPruner implements PeriodicTask {
  readonly name = 'notifications-member-events';
  readonly intervalMs = 60 * 60_000;

  constructor(private readonly ds: DataSource) {}

  async run(): Promise<Record<string, number>> {
    return {
      events: await pruneMemberEvents(this.ds, MEMBER_EVENTS_KEPT_DAYS),
      webhookDeliveries: await pruneSettledWebhookDeliveries(this.ds, MEMBER_EVENTS_KEPT_DAYS),
    };
  }
}
