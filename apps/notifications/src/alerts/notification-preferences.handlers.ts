import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  agentAlertsWaitingV1, getNotificationPreferences, setNotificationPreferences, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import {
  callerOf, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler, countAttempt, limitBuckets,
} from '@marketplace/service-kit';

/** No row means the defaults: agent notifications on. */
@Injectable()
export class GetNotificationPreferencesHandler implements OperationHandler<typeof getNotificationPreferences> {
  readonly operation = getNotificationPreferences;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getNotificationPreferences>> {
    const [row] = (await this.ds.query(
      'SELECT agent_notifications FROM notification_preferences WHERE member_id = $1', [callerOf(ctx).memberId],
    )) as { agent_notifications: boolean }[];
    return { agentNotifications: row?.agent_notifications ?? true };
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
      const [row] = (await em.query(
        `INSERT INTO notification_preferences (member_id, agent_notifications, updated_at) VALUES ($1, $2, now())
         ON CONFLICT (member_id) DO UPDATE SET agent_notifications = EXCLUDED.agent_notifications, updated_at = now()
         RETURNING agent_notifications`,
        [memberId, input.agentNotifications],
      )) as { agent_notifications: boolean }[];
      // Alerts held back while they were off now ride along again: gateways must look for them.
      if (input.agentNotifications) await recordEvent(em, agentAlertsWaitingV1, { memberId });
      return { agentNotifications: row!.agent_notifications };
    });
  }
}
