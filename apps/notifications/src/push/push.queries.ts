import { advisoryXactLock, affected, type Db, first, rows, type Selectable } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/** What a push says of its alert, and whose browsers it goes to. */
export function alertToPush(
  on: Db,
  alertId: string,
): Promise<Pick<Selectable<DB['alerts']>, 'member_id' | 'kind' | 'message' | 'job_id' | 'application_id' | 'created_at'> | undefined> {
  return first(on, db.selectFrom('alerts').select(['member_id', 'kind', 'message', 'job_id', 'application_id', 'created_at']).where('id', '=', alertId));
}

/** The member's browsers that have not had the alert yet. */
export function browsersWithoutAlert(
  on: Db,
  memberId: string,
  alertId: string,
): Promise<Pick<Selectable<DB['push_subscriptions']>, 'endpoint' | 'p256dh' | 'auth'>[]> {
  return rows(
    on,
    db
      .selectFrom('push_subscriptions as s')
      .select(['s.endpoint', 's.p256dh', 's.auth'])
      .where('s.member_id', '=', memberId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('push_deliveries as d').select(eb.lit(1).as('one')).where('d.alert_id', '=', alertId).whereRef('d.endpoint', '=', 's.endpoint'),
          ),
        ),
      ),
  );
}

/** The alert recorded as pushed to the browser (once). */
export async function recordPushDelivery(on: Db, alertId: string, endpoint: string): Promise<void> {
  await affected(
    on,
    db
      .insertInto('push_deliveries')
      .values({ alert_id: alertId, endpoint })
      .onConflict((oc) => oc.doNothing()),
  );
}

/** A browser subscription removed, whoever's it is (its push service dropped it). */
export async function removeSubscription(on: Db, endpoint: string): Promise<void> {
  await affected(on, db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint));
}

/** The member's browsers, newest first. */
export function subscriptionsOf(on: Db, memberId: string): Promise<Pick<Selectable<DB['push_subscriptions']>, 'endpoint' | 'created_at'>[]> {
  return rows(on, db.selectFrom('push_subscriptions').select(['endpoint', 'created_at']).where('member_id', '=', memberId).orderBy('created_at', 'desc'));
}

/** Takes the transaction-scoped advisory lock of `key` (waits for whoever holds it). */
export async function lockForTransaction(em: Db, key: string): Promise<void> {
  await advisoryXactLock(em, key);
}

/**
 * A browser registered to the member, or its keys refreshed when it is the member's already;
 * undefined when the endpoint is another member's (nothing changes then).
 */
export async function upsertSubscription(on: Db, s: { endpoint: string; memberId: string; p256dh: string; auth: string }): Promise<Date | undefined> {
  const row = await first(
    on,
    db
      .insertInto('push_subscriptions')
      .values({ endpoint: s.endpoint, member_id: s.memberId, p256dh: s.p256dh, auth: s.auth })
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({
            p256dh: (eb) => eb.ref('excluded.p256dh'),
            auth: (eb) => eb.ref('excluded.auth'),
          })
          .whereRef('push_subscriptions.member_id', '=', 'excluded.member_id'),
      )
      .returning('created_at'),
  );
  return row?.created_at;
}

/** The member's browsers beyond the newest `keep` removed, never `endpoint` (the one just registered). */
export async function trimSubscriptions(on: Db, memberId: string, endpoint: string, keep: number): Promise<void> {
  await affected(
    on,
    db
      .deleteFrom('push_subscriptions')
      .where('member_id', '=', memberId)
      .where('endpoint', '<>', endpoint)
      .where('endpoint', 'not in', (eb) =>
        eb
          .selectFrom('push_subscriptions as kept')
          .select('kept.endpoint')
          .where('kept.member_id', '=', memberId)
          .orderBy('kept.created_at', 'desc')
          .orderBy('kept.endpoint', 'desc')
          .limit(keep),
      ),
  );
}

/** The member's own browser removed; false when they had none with that endpoint. */
export async function removeOwnSubscription(on: Db, endpoint: string, memberId: string): Promise<boolean> {
  const removed = await rows(on, db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).where('member_id', '=', memberId).returning('endpoint'));
  return removed.length > 0;
}
