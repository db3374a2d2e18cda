import {
  AppError,
  CONTACT_SWITCHES,
  type ContactSwitch,
  getContactNotifications,
  getMemberContact,
  type InputOf,
  type OutputOf,
  setContactNotifications,
  unsubscribeContactNotification,
} from '@marketplace/contracts';
import { BusClient, callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { channelsConfig } from '../channels/channels.config.js';
import { unsubscribeKey } from '../channels/notification-keys.js';
import { switchesOf, writeSwitches } from './email.queries.js';
import { verifyUnsubscribe } from './unsubscribe-token.js';

type Switches = Record<ContactSwitch, boolean>;

/** No row means every switch on. */
export async function loadSwitches(ds: DataSource, memberId: string): Promise<Switches> {
  return (await switchesOf(ds, memberId)) ?? (Object.fromEntries(CONTACT_SWITCHES.map((s) => [s, true])) as Switches);
}

/** Whether email can reach the member: the service must send mail and identity must hold a verified address. */
async function emailDelivery(bus: BusClient, ctx: HandlerContext, memberId: string): Promise<'available' | 'not_configured' | 'no_address'> {
  if (!channelsConfig().smtpUrl) return 'not_configured';
  const { email } = await bus.call(getMemberContact, { memberId }, { requestId: ctx.requestId, caller: null });
  return email ? 'available' : 'no_address';
}

@Injectable()
export class GetContactNotificationsHandler implements OperationHandler<typeof getContactNotifications> {
  readonly operation = getContactNotifications;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getContactNotifications>> {
    const { memberId } = callerOf(ctx);
    const [switches, delivery] = await Promise.all([loadSwitches(this.ds, memberId), emailDelivery(this.bus, ctx, memberId)]);
    return { ...switches, emailDelivery: delivery };
  }
}

@Injectable()
export class SetContactNotificationsHandler implements OperationHandler<typeof setContactNotifications> {
  readonly operation = setContactNotifications;

  constructor(
    private readonly ds: DataSource,
    private readonly bus: BusClient,
  ) {}

  async handle(input: InputOf<typeof setContactNotifications>, ctx: HandlerContext): Promise<OutputOf<typeof setContactNotifications>> {
    await countAttempt(this.ds, limitBuckets().notificationSettings, callerOf(ctx).memberId);
    const { memberId } = callerOf(ctx);
    const given = CONTACT_SWITCHES.filter((s) => input[s] !== undefined);
    if (given.length === 0) {
      throw AppError.badRequest('Name at least one switch to change.', Object.fromEntries(CONTACT_SWITCHES.map((s) => [s, 'true or false'])));
    }
    // Learn whether email works before changing anything, so an unavailable identity changes nothing.
    const delivery = await emailDelivery(this.bus, ctx, memberId);
    await writeSwitches(this.ds, memberId, Object.fromEntries(given.map((s) => [s, input[s]!])));
    return { ...(await loadSwitches(this.ds, memberId)), emailDelivery: delivery };
  }
}

/** The link in an alert email: turns its one switch off, no sign-in needed. Repeats are harmless. */
@Injectable()
export class UnsubscribeContactNotificationHandler implements OperationHandler<typeof unsubscribeContactNotification> {
  readonly operation = unsubscribeContactNotification;

  constructor(private readonly ds: DataSource) {}

  async handle({ token }: InputOf<typeof unsubscribeContactNotification>): Promise<OutputOf<typeof unsubscribeContactNotification>> {
    const verified = verifyUnsubscribe(await unsubscribeKey(this.ds), token);
    if (!verified) throw AppError.badRequest('This unsubscribe link is not valid.', { token: 'Not a valid unsubscribe token.' });
    await writeSwitches(this.ds, verified.memberId, { [verified.which]: false });
    return { switch: verified.which, description: SWITCH_TEXT[verified.which] };
  }
}

export const SWITCH_TEXT: Record<ContactSwitch, string> = {
  comments: 'Emails about comments on your jobs and replies to your comments',
  preferredWorker: 'Emails when a poster names you as a preferred worker',
  applications: 'Emails about applications to your jobs and your own applications',
  hiringAndWork: 'Emails about hiring and each step of hired work',
  messages: 'Emails about new messages',
};
