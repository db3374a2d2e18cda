import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError, deleteBrowserPush, getBrowserPush, putBrowserPush, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler, countAttempt, limitBuckets } from '@marketplace/service-kit';
import { checkPushEndpoint, PUSH_ENDPOINTS_PER_MEMBER } from './push-targets.js';
import { vapidDetails } from './vapid-keys.js';

interface SubscriptionRow { endpoint: string; created_at: Date }

const iso = (d: Date) => new Date(d).toISOString();

@Injectable()
export class GetBrowserPushHandler implements OperationHandler<typeof getBrowserPush> {
  readonly operation = getBrowserPush;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof getBrowserPush>> {
    const vapid = await vapidDetails(this.ds);
    const rows = (await this.ds.query(
      'SELECT endpoint, created_at FROM push_subscriptions WHERE member_id = $1 ORDER BY created_at DESC', [callerOf(ctx).memberId],
    )) as SubscriptionRow[];
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
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`push_subscriptions:${memberId}`]);
      const [row] = (await em.query(
        `INSERT INTO push_subscriptions (endpoint, member_id, p256dh, auth) VALUES ($1, $2, $3, $4)
         ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
           WHERE push_subscriptions.member_id = EXCLUDED.member_id
         RETURNING created_at`,
        [endpoint, memberId, keys.p256dh, keys.auth],
      )) as { created_at: Date }[];
      if (!row) throw AppError.conflict('This push endpoint is registered to another account.', { endpoint: 'Registered to another account.' });
      await em.query(
        `DELETE FROM push_subscriptions WHERE member_id = $1 AND endpoint <> $2 AND endpoint NOT IN (
           SELECT endpoint FROM push_subscriptions WHERE member_id = $1 ORDER BY created_at DESC, endpoint DESC LIMIT $3)`,
        [memberId, endpoint, PUSH_ENDPOINTS_PER_MEMBER],
      );
      return { endpoint, createdAt: iso(row.created_at) };
    });
  }
}

@Injectable()
export class DeleteBrowserPushHandler implements OperationHandler<typeof deleteBrowserPush> {
  readonly operation = deleteBrowserPush;

  constructor(private readonly ds: DataSource) {}

  async handle({ endpoint }: InputOf<typeof deleteBrowserPush>, ctx: HandlerContext): Promise<OutputOf<typeof deleteBrowserPush>> {
    await countAttempt(this.ds, limitBuckets().notificationSettings, callerOf(ctx).memberId);
    // A DELETE answers [rows, count].
    const [removed] = (await this.ds.query(
      'DELETE FROM push_subscriptions WHERE endpoint = $1 AND member_id = $2 RETURNING endpoint', [endpoint, callerOf(ctx).memberId],
    )) as [unknown[], number];
    return { removed: removed.length > 0 };
  }
}
