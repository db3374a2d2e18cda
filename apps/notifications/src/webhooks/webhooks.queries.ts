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

/** The ids of the member's active endpoints that take events of this kind. */
export function endpointsTaking(on: Db, memberId: string, type: string): Promise<{ id: string }[]> {
  return rows(
    on,
    db
      .selectFrom('webhook_endpoints')
      .select('id')
      .where('member_id', '=', memberId)
      .where('disabled_at', 'is', null)
      .where((eb) => eb.or([eb(eb.fn<number>('cardinality', ['events']), '=', 0), eb(eb.val(type), '=', eb.fn.any('events'))])),
  );
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

/** A pending delivery of an active endpoint, due and with no attempt in flight: its endpoint and member. */
export function dueDelivery(on: Db, deliveryId: string): Promise<{ endpoint_id: string; member_id: string } | undefined> {
  return first(
    on,
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(['d.endpoint_id', 'e.member_id'])
      .where('d.id', '=', deliveryId)
      .where('d.status', '=', 'pending')
      .where('e.disabled_at', 'is', null)
      .where('d.next_attempt_at', '<=', now())
      .where((eb) => eb.or([eb('d.sending_until', 'is', null), eb('d.sending_until', '<=', now())])),
  );
}

/** How many attempts are in flight now, to this endpoint and to all of the member's. */
export async function attemptsInFlight(on: Db, memberId: string, endpointId: string): Promise<{ endpoint: number; member: number }> {
  const row = await first(
    on,
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select((eb) => [
        eb.cast<number>(eb.fn.countAll().filterWhere('d.endpoint_id', '=', endpointId), 'integer').as('endpoint'),
        eb.cast<number>(eb.fn.countAll(), 'integer').as('member'),
      ])
      .where('e.member_id', '=', memberId)
      .where('d.sending_until', '>', now()),
  );
  return { endpoint: row?.endpoint ?? 0, member: row?.member ?? 0 };
}

/**
 * Claims a due delivery for one attempt and counts it: in flight for `sendingSeconds`, and due
 * again after `retrySeconds` should the attempt never end. Undefined when it is not claimable.
 */
export function claimDelivery(on: Db, deliveryId: string, sendingSeconds: number, retrySeconds: number) {
  return first(
    on,
    db
      .updateTable('webhook_deliveries as d')
      .from('webhook_endpoints as e')
      .set((eb) => ({
        attempts: eb('d.attempts', '+', 1),
        last_attempt_at: now(),
        sending_until: secondsFromNow(sendingSeconds),
        next_attempt_at: secondsFromNow(retrySeconds),
      }))
      .where('d.id', '=', deliveryId)
      .whereRef('e.id', '=', 'd.endpoint_id')
      .where('d.status', '=', 'pending')
      .where('e.disabled_at', 'is', null)
      .where('d.next_attempt_at', '<=', now())
      .where((eb) => eb.or([eb('d.sending_until', 'is', null), eb('d.sending_until', '<=', now())]))
      .returning(['d.id', 'd.endpoint_id', 'd.body', 'd.attempts', 'd.created_at', 'e.url', 'e.secret_sealed']),
  );
}

/** A claimed delivery, as claimDelivery returns it. */
export type ClaimedDelivery = NonNullable<Awaited<ReturnType<typeof claimDelivery>>>;

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

/**
 * How long until a pending delivery of an active endpoint is due and has no attempt in flight
 * (milliseconds, 0 when it is already); undefined when it is not pending or its endpoint is disabled.
 */
export async function msUntilDue(on: Db, deliveryId: string): Promise<number | undefined> {
  const row = await first(
    on,
    db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhook_endpoints as e', 'e.id', 'd.endpoint_id')
      .select(sql<number>`GREATEST(0, EXTRACT(EPOCH FROM (GREATEST(d.next_attempt_at, d.sending_until) - now())) * 1000)::float8`.as('wait_ms'))
      .where('d.id', '=', deliveryId)
      .where('d.status', '=', 'pending')
      .where('e.disabled_at', 'is', null),
  );
  return row?.wait_ms;
}
