import { NOTIFICATIONS_KEPT_DAYS } from '@marketplace/contracts';
import type { PeriodicTask } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { pruneOldAlerts } from './alerts.queries.js';

/** Rows one statement removes at most, so a backlog never holds one long transaction. */
const BATCH = 2_000;
/** Batches one pass runs at most; what is left goes at the next tick. */
const BATCHES = 25;

/**
 * Removes alerts older than NOTIFICATIONS_KEPT_DAYS (the person's notification history), whether
 * or not an agent took them, with their push and email bookkeeping; a periodic task of the kit,
 * hourly, one replica per tick.
 */
@Injectable()
export class NotificationHistoryPruner implements PeriodicTask {
  readonly name = 'notifications-history';
  readonly intervalMs = 60 * 60_000;

  constructor(private readonly ds: DataSource) {}

  async run(signal?: AbortSignal): Promise<Record<string, number>> {
    let alerts = 0;
    for (let i = 0; i < BATCHES && !signal?.aborted; i++) {
      const n = await pruneOldAlerts(this.ds, NOTIFICATIONS_KEPT_DAYS, BATCH);
      alerts += n;
      if (n < BATCH) break;
    }
    return { alerts };
  }
}
