import { affected, type Db, first, rows, sql } from '@marketplace/service-kit';

import { db } from '../database/db.js';

/**
 * Claims a provider event id for an hour: true for its first sight, or for one whose hour is
 * over; false for a replay within the hour.
 */
export async function claimWebhookEvent(on: Db, eventId: string): Promise<boolean> {
  const row = await first(
    on,
    db
      .insertInto('identity_webhook_events')
      .values({ event_id: eventId, expires_at: sql<Date>`now() + interval '1 hour'` })
      .onConflict((oc) =>
        oc
          .column('event_id')
          .doUpdateSet((eb) => ({ expires_at: eb.ref('excluded.expires_at') }))
          .where('identity_webhook_events.expires_at', '<', sql<Date>`now()`),
      )
      .returning('event_id'),
  );
  return row !== undefined;
}

/** Releases a claimed event id (its recording failed), so the provider's retry counts. */
export function releaseWebhookEvent(on: Db, eventId: string): Promise<number> {
  return affected(on, db.deleteFrom('identity_webhook_events').where('event_id', '=', eventId));
}

/** Remembers that the member looked this network link up, and when. */
export function recordNetworkLookup(on: Db, memberId: string, networkUrl: string, lookedUpAt: Date): Promise<number> {
  return affected(
    on,
    db
      .insertInto('network_lookups')
      .values({ member_id: memberId, network_url: networkUrl, looked_up_at: lookedUpAt })
      .onConflict((oc) => oc.columns(['member_id', 'network_url']).doUpdateSet((eb) => ({ looked_up_at: eb.ref('excluded.looked_up_at') }))),
  );
}

/** Whether the member looked this link up within the last hour. */
export async function lookedUpRecently(on: Db, memberId: string, networkUrl: string): Promise<boolean> {
  return (
    (
      await rows(
        on,
        db
          .selectFrom('network_lookups')
          .select(sql<number>`1`.as('one'))
          .where('member_id', '=', memberId)
          .where('network_url', '=', networkUrl)
          .where('looked_up_at', '>', sql<Date>`now() - interval '1 hour'`),
      )
    ).length > 0
  );
}
