import { randomUUID } from 'node:crypto';

import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { writeAlertRows } from '../alerts/write-alert.queries.js';
import { channelsConfig } from '../channels/channels.config.js';
import { notificationsEntities, notificationsMigrations } from '../notifications.entities.js';
import {
  claimAttempt,
  countEndpoints,
  deleteEndpoint,
  deliveriesOf,
  disableEndpoint,
  endpointOf,
  endpointsOf,
  insertEndpoint,
  insertEventDelivery,
  insertPingDelivery,
  lockForTransaction,
  markDelivered,
  markFailed,
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

  const claim = (of: { delivery: string } | { endpoint: string }) => claimAttempt(db.ds, of, { perEndpoint: 2, perMember: 3 }, 60, 180);
  const inFlight = async (endpointId: string) =>
    Number(
      (await db.query<{ n: string }>(`SELECT count(*) AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND sending_until > now()`, [endpointId]))[0]!.n,
    );

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
    // The endpoints an alert of this kind finds (written by the alert's statement, as writeAlert does).
    const taking = async (type: string) => {
      const conversation = { conversation_key: 'job:x', conversation_kind: 'job', job_id: null, application_id: null, comment_id: null, title: null };
      const payload = {
        message: 'm',
        conversationKey: 'job:x',
        conversationKind: 'job',
        jobId: null,
        applicationId: null,
        commentId: null,
        title: null,
      } as const;
      const alert = {
        id: randomUUID(),
        member_id: member,
        kind: type,
        message: 'm',
        event_id: randomUUID(),
        created_at: new Date().toISOString(),
        ...conversation,
      };
      return [...(await writeAlertRows(db.ds, alert, { payload, email: null, push: false }))!.endpoints].sort();
    };
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

    const claimed = await claim({ delivery: id! });
    expect(claimed.outcome).toBe('claimed');
    expect(claimed).toMatchObject({ more: false });
    const row = claimed.outcome === 'claimed' ? claimed.delivery : undefined;
    expect(row).toMatchObject({ id, endpoint_id: e1.id, body: '{"a":1}', attempts: 1, url: 'http://127.0.0.1:9/hook', secret_sealed: 'sealed' });
    expect(row!.created_at).toBeInstanceOf(Date);
    // In flight now: not claimable again until its mark runs out (180 s), and counted for the endpoint and the member.
    const wait = await claim({ delivery: id! });
    expect(wait.outcome).toBe('later');
    expect(wait.outcome === 'later' && wait.waitMs).toBeGreaterThan(170_000);
    expect(wait.outcome === 'later' && wait.waitMs).toBeLessThanOrEqual(180_000);
    expect(await inFlight(e1.id)).toBe(1);

    await scheduleRetry(db.ds, id!, 500, 'answered 500', 30);
    expect(await inFlight(e1.id)).toBe(0);
    const retryWait = await claim({ delivery: id! });
    expect(retryWait.outcome === 'later' && retryWait.waitMs).toBeLessThanOrEqual(30_000);
    const [retry] = await deliveriesOf(db.ds, e1.id);
    expect(retry).toMatchObject({ id, status: 'pending', attempts: 1, last_status_code: 500, last_error: 'answered 500', delivered_at: null });

    await markDelivered(db.ds, id!, 204);
    const [done] = await deliveriesOf(db.ds, e1.id);
    expect(done).toMatchObject({ status: 'delivered', last_status_code: 204, last_error: null, next_attempt_at: null, delivered_at: expect.any(Date) });
    expect(await claim({ delivery: id! })).toEqual({ outcome: 'none' });

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
    expect((await claim({ delivery: ping!.id })).outcome).toBe('claimed');
  });

  it("holds the endpoint's and the member's caps, and takes an endpoint's next due delivery oldest first", async () => {
    const member = randomUUID();
    const [e1, e2, e3] = [(await endpoint(member, []))!, (await endpoint(member, []))!, (await endpoint(member, []))!];
    const made = async (endpointId: string, n: number) => {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const id = (await insertEventDelivery(db.ds, { id: randomUUID(), endpointId, eventId: randomUUID(), type: 'message.sent', body: String(i) }))!;
        await db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() - make_interval(secs => $2) WHERE id = $1`, [id, 100 - i]);
        ids.push(id);
      }
      return ids;
    };
    const [a1, a2, a3] = await made(e1.id, 3);
    // Given only the endpoint: its due delivery due first.
    expect(await claim({ endpoint: e1.id })).toMatchObject({ outcome: 'claimed', delivery: { id: a1 }, more: true });
    expect(await claim({ delivery: a3! })).toMatchObject({ outcome: 'claimed', delivery: { id: a3 } });
    // Two in flight to e1 (its cap): the third waits, whichever way it is asked for.
    expect(await claim({ delivery: a2! })).toEqual({ outcome: 'busy' });
    expect(await claim({ endpoint: e1.id })).toEqual({ outcome: 'busy' });
    // The member's cap (3): one more to e2, then e3 waits though it has none in flight.
    const [b1] = await made(e2.id, 1);
    const [c1] = await made(e3.id, 1);
    expect((await claim({ delivery: b1! })).outcome).toBe('claimed');
    expect(await claim({ delivery: c1! })).toEqual({ outcome: 'busy' });
    await markDelivered(db.ds, a1!, 204);
    // a3 is in flight, so a2 was the last one due: no more.
    expect(await claim({ endpoint: e1.id })).toMatchObject({ outcome: 'claimed', delivery: { id: a2 }, more: false });
    expect(await claim({ endpoint: e1.id })).toEqual({ outcome: 'none' });
    for (const id of [a2!, a3!, b1!]) await markDelivered(db.ds, id, 204);
    // Nothing due to e1: nothing to claim; a disabled endpoint's deliveries are not claimed.
    expect(await claim({ endpoint: e1.id })).toEqual({ outcome: 'none' });
    await disableEndpoint(db.ds, e3.id, 'failing');
    expect(await claim({ delivery: c1! })).toEqual({ outcome: 'none' });
    expect(await claim({ endpoint: e3.id })).toEqual({ outcome: 'none' });
  });

  it('holds the cap exactly when many workers claim at once', async () => {
    for (let round = 0; round < 5; round++) {
      const member = randomUUID();
      const e = (await endpoint(member, []))!;
      const ids: string[] = [];
      for (let i = 0; i < 12; i++)
        ids.push((await insertEventDelivery(db.ds, { id: randomUUID(), endpointId: e.id, eventId: randomUUID(), type: 'message.sent', body: '{}' }))!);
      const claims = await Promise.all(ids.map((id, i) => claim(i % 2 ? { delivery: id } : { endpoint: e.id })));
      expect(claims.filter((c) => c.outcome === 'claimed')).toHaveLength(2);
      expect(await inFlight(e.id)).toBe(2);
    }
  });
});
