import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MEMBER_EVENTS_KEPT_DAYS } from '@marketplace/contracts';
import type { PeriodicTask } from '@marketplace/service-kit';

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
    const deleted = async (sql: string) => ((await this.ds.query(sql, [MEMBER_EVENTS_KEPT_DAYS])) as [unknown, number])[1] ?? 0;
    return {
      events: await deleted('DELETE FROM member_events WHERE created_at < now() - make_interval(days => $1)'),
      webhookDeliveries: await deleted(
        `DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < now() - make_interval(days => $1)`,
      ),
    };
  }
}
