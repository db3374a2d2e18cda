import { deliverNotifications, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { claimAlerts } from './claim-alerts.js';

/** Up to ten conversations of new alerts, claimed and marked in one statement (see claimAlerts). */
@Injectable()
export class DeliverNotificationsHandler implements OperationHandler<typeof deliverNotifications> {
  readonly operation = deliverNotifications;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof deliverNotifications>> {
    // Asked for explicitly, so delivered whatever the agent-notification preference says.
    return claimAlerts(this.ds, callerOf(ctx).memberId, { onlyWithAgentNotifications: false, window: 200 });
  }
}
