import { AppError, deleteBrowserPush, getBrowserPush, type InputOf, type OutputOf, putBrowserPush } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { lockForTransaction, removeOwnSubscription, subscriptionsOf, trimSubscriptions, upsertSubscription } from './push.queries.js';
import { checkPushEndpoint, PUSH_ENDPOINTS_PER_MEMBER } from './push-targets.js';
import { vapidDetails } from './vapid-keys.js';

const iso = (d: Date) => new Date(d).toISOString();

@Injectable()
export class GetBrowserPushHandler implements OperationHandler<typeof getBrowserPush> {
  readonly operation = getBrowserPush;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getBrowserPush>> {
    const vapid = await vapidDetails(this.ds);
    const rows = await subscriptionsOf(this.ds, callerOf(ctx).memberId);
    return { publicKey: vapid?.publicKey ?? null, subscriptions: rows.map((r) => ({ endpoint: r.endpoint, createdAt: iso(r.created_at) })) };
  }
}

/**
 * An endpoint is one browser of one member: re-registering one's own refreshes its keys, another
 * member's is 409. Only push services' endpoints whose hosts resolve to public addresses are
 * taken (400 otherwise), and a member keeps at most PUSH_ENDPOINTS_PER_MEMBER browsers: a new one
 * replaces the oldest, since browsers re-subscribe with new endpoints and never say the old one died.
 */
@Injectable()
export class PutBrowserPushHandler implements OperationHandler<typeof putBrowserPush> {
  readonly operation = putBrowserPush;

  constructor(private readonly ds: DataSource) {}

  async handle({ endpoint, keys }: InputOf<typeof putBrowserPush>, ctx: HandlerContext): Promise<OutputOf<typeof putBrowserPush>> {
    await countAttempt(this.ds, limitBuckets().notificationSettings, callerOf(ctx).memberId);
    if (!(await vapidDetails(this.ds))) throw AppError.unavailable('Browser push is not configured on this service.');
    await checkPushEndpoint(endpoint);
    const { memberId } = callerOf(ctx);
    return this.ds.transaction(async (em) => {
      // One member's registrations one at a time, so two at once cannot both stay under the cap.
      await lockForTransaction(em, `push_subscriptions:${memberId}`);
      const createdAt = await upsertSubscription(em, { endpoint, memberId, p256dh: keys.p256dh, auth: keys.auth });
      if (!createdAt) throw AppError.conflict('This push endpoint is registered to another account.', { endpoint: 'Registered to another account.' });
      await trimSubscriptions(em, memberId, endpoint, PUSH_ENDPOINTS_PER_MEMBER);
      return { endpoint, createdAt: iso(createdAt) };
    });
  }
}

@Injectable()
export class DeleteBrowserPushHandler implements OperationHandler<typeof deleteBrowserPush> {
  readonly operation = deleteBrowserPush;

  constructor(private readonly ds: DataSource) {}

  async handle({ endpoint }: InputOf<typeof deleteBrowserPush>, ctx: HandlerContext): Promise<OutputOf<typeof deleteBrowserPush>> {
    await countAttempt(this.ds, limitBuckets().notificationSettings, callerOf(ctx).memberId);
    return { removed: await removeOwnSubscription(this.ds, endpoint, callerOf(ctx).memberId) };
  }
}
