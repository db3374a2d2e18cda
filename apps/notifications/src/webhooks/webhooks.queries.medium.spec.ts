import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import {
  attemptsInFlight,
  claimDelivery,
  countEndpoints,
  deleteEndpoint,
  deliveriesOf,
  disableEndpoint,
  dueDelivery,
  endpointOf,
  endpointsOf,
  endpointsTaking,
  insertEndpoint,
  insertEventDelivery,
  insertPingDelivery,
  lockForTransaction,
  markDelivered,
  markFailed,
  msUntilDue,
  redeliver,
  scheduleRetry,
} from './webhooks.queries.js';

/**
 * Medium: the webhooks' statements on a real PostgreSQL schema built by the migrations: endpoints
 * registered, listed, matched by event kind, disabled once and removed; deliveries made once per
 * event, claimed one attempt at a time, counted in flight, settled and redelivered.
 */
describe('the webhook statements, against a real notifications schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    Object.assign(channelsConfig(), { smtpUrl: undefined, push: undefined });
    db = await openServiceSchema({ entities: notificationsEntities, migrations: notificationsMigrations, label: 'notifications' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  const endpoint = (memberId: string, events: string[]) =>
    insertEndpoint(db.ds, {
      id: randomUUID(),
      memberId,
      url: 'http://127.0.0.1:9/hook',
      events,
      secretSealed: 'sealed',
    });

  it('registers, lists, matches, disables once and removes endpoints', async () => {
    const [member, other] = [randomUUID(), randomUUID()];
    const all = await db.ds.transaction(async (em) => {
      await lockForTransaction(em, `webhook_endpoints:${member}`);
      expect(await countEndpoints(em, member)).toBe(0);
      return endpoint(member, []);
    });
    expect(all).toMatchObject({ url: 'http://127.0.0.1:9/hook', events: [], disabled_at: null, disabled_reason: null });
    expect(all!.created_at).toBeInstanceOf(Date);
    const messages = await endpoint(member, ['message.sent', 'job.posted']);
    expect(messages!.events).toEqual(['message.sent', 'job.posted']);
    const work = await endpoint(member, ['work.submitted']);
    expect(await countEndpoints(db.ds, member)).toBe(3);

    expect((await endpointsOf(db.ds, member)).map((e) => e.id)).toEqual([all!.id, messages!.id, work!.id]);
    expect(await endpointOf(db.ds, all!.id, member)).toEqual(all);
    expect(await endpointOf(db.ds, all!.id, other)).toBeUndefined();
    const taking = async (type: string) => (await endpointsTaking(db.ds, member, type)).map((e) => e.id).sort();
    expect(await taking('message.sent')).toEqual([all!.id, messages!.id].sort());
    expect(await taking('application.submitted')).toEqual([all!.id]);

    expect(await disableEndpoint(db.ds, messages!.id, 'gone')).toEqual({ member_id: member, url: 'http://127.0.0.1:9/hook' });
    expect(await disableEndpoint(db.ds, messages!.id, 'failing')).toBeUndefined();
    expect(await endpointOf(db.ds, messages!.id, member)).toMatchObject({ disabled_reason: 'gone', disabled_at: expect.any(Date) });
    expect(await taking('message.sent')).toEqual([all!.id]);

    expect(await deleteEndpoint(db.ds, work!.id, other)).toBe(false);
    expect(await deleteEndpoint(db.ds, work!.id, member)).toBe(true);
    expect(await deleteEndpoint(db.ds, work!.id, member)).toBe(false);
    expect(await countEndpoints(db.ds, member)).toBe(2);
  });

  it('makes deliveries once per event, claims one attempt at a time, counts them in flight and settles them', async () => {
    const member = randomUUID();
    const e1 = (await endpoint(member, []))!;
    const e2 = (await endpoint(member, []))!;
    const eventId = randomUUID();
    const id = await insertEventDelivery(db.ds, { id: randomUUID(), endpointId: e1.id, eventId, type: 'message.sent', body: '{"a":1}' });
    expect(id).toBeDefined();
    expect(await insertEventDelivery(db.ds, { id: randomUUID(), endpointId: e1.id, eventId, type: 'message.sent', body: '{}' })).toBeUndefined();

    expect(await dueDelivery(db.ds, id!)).toEqual({ endpoint_id: e1.id, member_id: member });
    expect(await attemptsInFlight(db.ds, member, e1.id)).toEqual({ endpoint: 0, member: 0 });
    expect(await msUntilDue(db.ds, id!)).toBe(0);
    const claimed = await db.ds.transaction((em) => claimDelivery(em, id!, 60, 180));
    expect(claimed).toMatchObject({ id, endpoint_id: e1.id, body: '{"a":1}', attempts: 1, url: 'http://127.0.0.1:9/hook', secret_sealed: 'sealed' });
    expect(claimed!.created_at).toBeInstanceOf(Date);
    // In flight now: not due, not claimable again, and counted for the endpoint and the member.
    expect(await dueDelivery(db.ds, id!)).toBeUndefined();
    expect(await claimDelivery(db.ds, id!, 60, 180)).toBeUndefined();
    expect(await attemptsInFlight(db.ds, member, e1.id)).toEqual({ endpoint: 1, member: 1 });
    expect(await attemptsInFlight(db.ds, member, e2.id)).toEqual({ endpoint: 0, member: 1 });
    const wait = await msUntilDue(db.ds, id!);
    expect(wait).toBeGreaterThan(170_000);
    expect(wait).toBeLessThanOrEqual(180_000);

    await scheduleRetry(db.ds, id!, 500, 'answered 500', 30);
    expect(await attemptsInFlight(db.ds, member, e1.id)).toEqual({ endpoint: 0, member: 0 });
    expect(await msUntilDue(db.ds, id!)).toBeLessThanOrEqual(30_000);
    const [retry] = await deliveriesOf(db.ds, e1.id);
    expect(retry).toMatchObject({ id, status: 'pending', attempts: 1, last_status_code: 500, last_error: 'answered 500', delivered_at: null });

    await markDelivered(db.ds, id!, 204);
    const [done] = await deliveriesOf(db.ds, e1.id);
    expect(done).toMatchObject({ status: 'delivered', last_status_code: 204, last_error: null, next_attempt_at: null, delivered_at: expect.any(Date) });
    expect(await msUntilDue(db.ds, id!)).toBeUndefined();

    const again = await db.ds.transaction((em) => redeliver(em, id!, e1.id));
    expect(again).toMatchObject({ id, status: 'pending', delivered_at: null, next_attempt_at: expect.any(Date) });
    expect(await redeliver(db.ds, id!, e2.id)).toBeUndefined();

    await markFailed(db.ds, id!, null, 'timed out');
    const [failed] = await deliveriesOf(db.ds, e1.id);
    expect(failed).toMatchObject({ status: 'failed', last_status_code: null, last_error: 'timed out', next_attempt_at: null });
  });

  it("makes a ping delivery due now, and lists an endpoint's deliveries newest first", async () => {
    const member = randomUUID();
    const e = (await endpoint(member, []))!;
    const ping = await insertPingDelivery(db.ds, randomUUID(), e.id, '{"type":"webhook.ping"}');
    expect(ping).toMatchObject({ type: 'webhook.ping', status: 'pending', attempts: 0, last_status_code: null, delivered_at: null });
    await db.query(`UPDATE webhook_deliveries SET created_at = created_at - interval '1 minute' WHERE id = $1`, [ping!.id]);
    const later = await insertPingDelivery(db.ds, randomUUID(), e.id, '{}');
    expect((await deliveriesOf(db.ds, e.id)).map((d) => d.id)).toEqual([later!.id, ping!.id]);
    expect(await dueDelivery(db.ds, ping!.id)).toEqual({ endpoint_id: e.id, member_id: member });
  });
});
