import { advisoryXactLock, affected, type Db, first, rows, type Selectable, sql } from '@marketplace/service-kit';

import { type DB, db } from '../database/db.js';

/** What the API shows of an endpoint. */
const ENDPOINT_COLUMNS = ['id', 'url', 'events', 'disabled_at', 'disabled_reason', 'created_at'] as const;
/** What the API shows of a delivery. */
const DELIVERY_COLUMNS = ['id', 'type', 'status', 'attempts', 'last_status_code', 'last_error', 'next_attempt_at', 'created_at', 'delivered_at'] as const;

export type EndpointRow = Pick<Selectable<DB['webhook_endpoints']>, (typeof ENDPOINT_COLUMNS)[number]>;
export type DeliveryRow = Pick<Selectable<DB['webhook_deliveries']>, (typeof DELIVERY_COLUMNS)[number]>;

const now = () => sql<Date>`now()`;
const secondsFromNow = (seconds: number) => sql<Date>`now() + make_interval(secs => ${seconds})`;

/** Takes the transaction-scoped advisory lock of `key` (waits for whoever holds it). */
export async function lockForTransaction(em: Db, key: string): Promise<void> {
  await advisoryXactLock(em, key);
}

// Endpoints

/** The member's endpoint with this id; undefined when there is none (or it is another member's). */
export function endpointOf(on: Db, id: string, memberId: string): Promise<EndpointRow | undefined> {
  return first(on, db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('id', '=', id).where('member_id', '=', memberId));
}

/** The member's endpoints, oldest first. */
export function endpointsOf(on: Db, memberId: string): Promise<EndpointRow[]> {
  return rows(on, db.selectFrom('webhook_endpoints').select(ENDPOINT_COLUMNS).where('member_id', '=', memberId).orderBy('created_at'));
}

/** How many endpoints the member has. */
export async function countEndpoints(on: Db, memberId: string): Promise<number> {
  const row = await first(
    on,
    db
      .selectFrom('webhook_endpoints')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('member_id', '=', memberId),
  );
  return row?.n ?? 0;
}

/** An endpoint registered (events: the kinds it takes, none for all). */
export async function insertEndpoint(
  on: Db,
  e: { id: string; memberId: string; url: string; events: string[]; secretSealed: string },
): Promise<EndpointRow | undefined> {
  return first(
    on,
    db
      .insertInto('webhook_endpoints')
      .values({ id: e.id, member_id: e.memberId, url: e.url, events: e.events, secret_sealed: e.secretSealed })
      .returning(ENDPOINT_COLUMNS),
  );
}

/** The member's endpoint removed (its deliveries go with it); false when they had none with this id. */
export async function deleteEndpoint(on: Db, id: string, memberId: string): Promise<boolean> {
  return (await affected(on, db.deleteFrom('webhook_endpoints').where('id', '=', id).where('member_id', '=', memberId))) > 0;
}

/** Disables an endpoint once; its member and URL when this call disabled it, else undefined. */
export function disableEndpoint(on: Db, id: string, reason: string): Promise<Pick<Selectable<DB['webhook_endpoints']>, 'member_id' | 'url'> | undefined> {
  return first(
    on,
    db
      .updateTable('webhook_endpoints')
      .set({ disabled_at: now(), disabled_reason: reason })
      .where('id', '=', id)
      .where('disabled_at', 'is', null)
      .returning(['member_id', 'url']),
  );
}

// Deliveries

/** A delivery of an event to an endpoint, due now, unless the (event, endpoint) pair has one; its id only when new. */
export async function insertEventDelivery(
  on: Db,
  d: { id: string; endpointId: string; eventId: string; type: string; body: string },
): Promise<string | undefined> {
  const row = await first(
    on,
    db
      .insertInto('webhook_deliveries')
      .values({ id: d.id, endpoint_id: d.endpointId, event_id: d.eventId, type: d.type, body: d.body, next_attempt_at: now() })
      .onConflict((oc) => oc.doNothing())
      .returning('id'),
  );
  return row?.id;
}

/** A webhook.ping delivery to the endpoint, due now. */
export function insertPingDelivery(on: Db, id: string, endpointId: string, body: string): Promise<DeliveryRow | undefined> {
  return first(
    on,
    db.insertInto('webhook_deliveries').values({ id, endpoint_id: endpointId, type: 'webhook.ping', body, next_attempt_at: now() }).returning(DELIVERY_COLUMNS),
  );
}

/** The endpoint's 100 newest deliveries. */
export function deliveriesOf(on: Db, endpointId: string): Promise<DeliveryRow[]> {
  return rows(
    on,
    db.selectFrom('webhook_deliveries').select(DELIVERY_COLUMNS).where('endpoint_id', '=', endpointId).orderBy('created_at', 'desc').orderBy('id').limit(100),
  );
}

/** A logged delivery of the endpoint made pending and due now (same id, same body); undefined when there is none. */
export function redeliver(on: Db, deliveryId: string, endpointId: string): Promise<DeliveryRow | undefined> {
  return first(
    on,
    db
      .updateTable('webhook_deliveries')
      .set({ status: 'pending', next_attempt_at: now(), delivered_at: null })
      .where('id', '=', deliveryId)
      .where('endpoint_id', '=', endpointId)
      .returning(DELIVERY_COLUMNS),
  );
}

/** A delivery claimed for one attempt, as claimAttempt answers it. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  body: string;
  attempts: number;
  created_at: Date;
  url: string;
  secret_sealed: string;
}

/**
 * 'claimed': the attempt is counted and the delivery in flight; 'busy': its endpoint or member has
 * as many attempts in flight as allowed; 'later': it is pending but not due, or has an attempt of
 * its own in flight, for `waitMs`; 'none': nothing to claim (not pending, endpoint disabled or gone).
 * `more`: the endpoint had other deliveries due when this one was claimed.
 */
export type Claim =
  { outcome: 'claimed'; delivery: ClaimedDelivery; more: boolean } | { outcome: 'busy' } | { outcome: 'later'; waitMs: number } | { outcome: 'none' };

interface ClaimRow extends Partial<ClaimedDelivery> {
  outcome: 'claimed' | 'busy' | 'later';
  wait_ms: number | null;
  more: boolean | null;
}

/**
 * Claims one attempt in one statement (claim_webhook_delivery, migration 1797100000000): the
 * delivery `of.delivery`, or the due delivery of `of.endpoint` due first, unless the endpoint or
 * member already has as many attempts in flight as allowed. A claimed attempt is in flight for
 * `sendingSeconds` and due again after `retrySeconds` should it never end. The count is taken
 * under the member's lock, so the caps hold exactly however many workers claim at once.
 */
export async function claimAttempt(
  on: Db,
  of: { delivery: string } | { endpoint: string },
  caps: { perEndpoint: number; perMember: number },
  sendingSeconds: number,
  retrySeconds: number,
): Promise<Claim> {
  const delivery = 'delivery' in of ? of.delivery : null;
  const endpoint = 'endpoint' in of ? of.endpoint : null;
  const row = await first(
    on,
    db
      .selectFrom(
        sql<ClaimRow>`claim_webhook_delivery(${delivery}::uuid, ${endpoint}::uuid, ${caps.perEndpoint}::int, ${caps.perMember}::int, ${sendingSeconds}::float8, ${retrySeconds}::float8)`.as(
          'c',
        ),
      )
      .selectAll(),
  );
  if (!row) return { outcome: 'none' };
  if (row.outcome === 'busy') return { outcome: 'busy' };
  if (row.outcome === 'later') return { outcome: 'later', waitMs: Number(row.wait_ms) };
  const { id, endpoint_id, body, attempts, created_at, url, secret_sealed } = row as ClaimRow & ClaimedDelivery;
  return { outcome: 'claimed', delivery: { id, endpoint_id, body, attempts, created_at, url, secret_sealed }, more: row.more === true };
}

/** The delivery delivered: the endpoint answered 2xx. */
export async function markDelivered(on: Db, id: string, statusCode: number): Promise<void> {
  await affected(
    on,
    db
      .updateTable('webhook_deliveries')
      .set({
        status: 'delivered',
        last_status_code: statusCode,
        last_error: null,
        sending_until: null,
        next_attempt_at: null,
        delivered_at: now(),
      })
      .where('id', '=', id),
  );
}

/** The delivery failed for good. */
export async function markFailed(on: Db, id: string, statusCode: number | null, error: string): Promise<void> {
  await affected(
    on,
    db
      .updateTable('webhook_deliveries')
      .set({
        status: 'failed',
        last_status_code: statusCode,
        last_error: error,
        sending_until: null,
        next_attempt_at: null,
      })
      .where('id', '=', id),
  );
}

/** The attempt failed: the delivery is due again in `delaySeconds`. */
export async function scheduleRetry(on: Db, id: string, statusCode: number | null, error: string, delaySeconds: number): Promise<void> {
  await affected(
    on,
    db
      .updateTable('webhook_deliveries')
      .set({
        last_status_code: statusCode,
        last_error: error,
        sending_until: null,
        next_attempt_at: secondsFromNow(delaySeconds),
      })
      .where('id', '=', id),
  );
}
