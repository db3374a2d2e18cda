import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError, deleteBrowserPush, getBrowserPush, putBrowserPush, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
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

/** An endpoint is one browser of one member: re-registering one's own refreshes its keys, another member's is 409. */
@Injectable()
export class PutBrowserPushHandler implements OperationHandler<typeof putBrowserPush> {
  readonly operation = putBrowserPush;

  constructor(private readonly ds: DataSource) {}

  async handle({ endpoint, keys }: InputOf<typeof putBrowserPush>, ctx: HandlerContext): Promise<OutputOf<typeof putBrowserPush>> {
    if (!(await vapidDetails(this.ds))) throw AppError.unavailable('Browser push is not configured on this service.');
    const { memberId } = callerOf(ctx);
    const [row] = (await this.ds.query(
      `INSERT INTO push_subscriptions (endpoint, member_id, p256dh, auth) VALUES ($1, $2, $3, $4)
       ON CONFLICT (endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth
         WHERE push_subscriptions.member_id = EXCLUDED.member_id
       RETURNING created_at`,
      [endpoint, memberId, keys.p256dh, keys.auth],
    )) as { created_at: Date }[];
    if (!row) throw AppError.conflict('This push endpoint is registered to another account.', { endpoint: 'Registered to another account.' });
    return { endpoint, createdAt: iso(row.created_at) };
  }
}

@Injectable()
export class DeleteBrowserPushHandler implements OperationHandler<typeof deleteBrowserPush> {
  readonly operation = deleteBrowserPush;

  constructor(private readonly ds: DataSource) {}

  async handle({ endpoint }: InputOf<typeof deleteBrowserPush>, ctx: HandlerContext): Promise<OutputOf<typeof deleteBrowserPush>> {
    // A DELETE answers [rows, count].
    const [removed] = (await this.ds.query(
      'DELETE FROM push_subscriptions WHERE endpoint = $1 AND member_id = $2 RETURNING endpoint', [endpoint, callerOf(ctx).memberId],
    )) as [unknown[], number];
    return { removed: removed.length > 0 };
  }
}
