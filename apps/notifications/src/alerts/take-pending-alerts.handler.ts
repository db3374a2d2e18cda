import { type InputOf, type OutputOf, takePendingAlerts } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { alertsWaiting } from './alerts.queries.js';
import { claimAlerts } from './claim-alerts.js';

/**
 * The gateway's piggy-back after each MCP tool call: the member's pending alerts while agent
 * notifications are on. The preference is folded into one read-only probe, so a member with
 * nothing pending (or notifications off) costs one indexed read and no write.
 */
@Injectable()
export class TakePendingAlertsHandler implements OperationHandler<typeof takePendingAlerts> {
  readonly operation = takePendingAlerts;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof takePendingAlerts>): Promise<OutputOf<typeof takePendingAlerts>> {
    // The common case (nothing waiting, or notifications off) is one read-only probe of the partial
    // index alerts_pending; only when something waits does the claiming statement run.
    if (!(await alertsWaiting(this.ds, input.memberId))) return { conversations: [], more: false };
    return claimAlerts(this.ds, input.memberId, { onlyWithAgentNotifications: true, window: 100 });
  }
}
