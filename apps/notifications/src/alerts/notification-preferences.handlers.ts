import { agentAlertsWaitingV1, getNotificationPreferences, type InputOf, type OutputOf, setNotificationPreferences } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { agentNotificationsOf, setAgentNotifications } from './alerts.queries.js';

/** No row means the defaults: agent notifications on. */
@Injectable()
export class GetNotificationPreferencesHandler implements OperationHandler<typeof getNotificationPreferences> {
  readonly operation = getNotificationPreferences;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getNotificationPreferences>> {
    return { agentNotifications: (await agentNotificationsOf(this.ds, callerOf(ctx).memberId)) ?? true };
  }
}

@Injectable()
export class SetNotificationPreferencesHandler implements OperationHandler<typeof setNotificationPreferences> {
  readonly operation = setNotificationPreferences;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof setNotificationPreferences>, ctx: HandlerContext): Promise<OutputOf<typeof setNotificationPreferences>> {
    await this.uow.run((em) => countAttempt(em, limitBuckets().notificationSettings, callerOf(ctx).memberId));
    const memberId = callerOf(ctx).memberId;
    return this.uow.run(async (em) => {
      const stored = await setAgentNotifications(em, memberId, input.agentNotifications);
      // Alerts held back while they were off now ride along again: gateways must look for them.
      if (input.agentNotifications) await recordEvent(em, agentAlertsWaitingV1, { memberId });
      return { agentNotifications: stored! };
    });
  }
}
