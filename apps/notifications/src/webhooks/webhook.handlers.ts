import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError, createWebhook, deleteWebhook, listWebhookDeliveries, listWebhooks, pingWebhook, redeliverWebhookDelivery,
  isUuid, webhookDeliveryQueue, WEBHOOKS_PER_MEMBER, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import { callerOf, countAttempt, enqueueWork, limitBuckets, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { webhookBody } from './webhook-fanout.js';
import { newWebhookSecret, sealSecret } from './webhook-secrets.js';
import { checkWebhookUrl } from './webhook-targets.js';

interface EndpointRow { id: string; url: string; events: string[]; disabled_at: Date | null; disabled_reason: string | null; created_at: Date }
interface DeliveryRow {
  id: string; type: string; status: 'pending' | 'delivered' | 'failed'; attempts: number; last_status_code: number | null;
  last_error: string | null; next_attempt_at: Date | null; created_at: Date; delivered_at: Date | null;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
const ENDPOINT_COLUMNS = 'id, url, events, disabled_at, disabled_reason, created_at';
const DELIVERY_COLUMNS = 'id, type, status, attempts, last_status_code, last_error, next_attempt_at, created_at, delivered_at';

function endpointOut(r: EndpointRow) {
  return {
    id: r.id, url: r.url, events: r.events, status: r.disabled_at ? 'disabled' as const : 'active' as const,
    disabledReason: r.disabled_reason, createdAt: iso(r.created_at)!,
  };
}

function deliveryOut(r: DeliveryRow) {
  return {
    id: r.id, type: r.type, status: r.status, attempts: r.attempts, lastStatusCode: r.last_status_code, lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null, createdAt: iso(r.created_at)!, deliveredAt: iso(r.delivered_at),
  };
}

/** The caller's endpoint, or 404 (another member's is not there for them). */
async function ownEndpoint(ds: DataSource, id: string, memberId: string): Promise<EndpointRow> {
  if (!isUuid(id)) throw AppError.notFound('No such webhook endpoint of yours.');
  const [row] = (await ds.query(`SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE id = $1 AND member_id = $2`, [id, memberId])) as EndpointRow[];
  if (!row) throw AppError.notFound('No such webhook endpoint of yours.');
  return row;
}

@Injectable()
export class ListWebhooksHandler implements OperationHandler<typeof listWebhooks> {
  readonly operation = listWebhooks;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof listWebhooks>> {
    const rows = (await this.ds.query(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE member_id = $1 ORDER BY created_at`, [callerOf(ctx).memberId],
    )) as EndpointRow[];
    return { webhooks: rows.map(endpointOut) };
  }
}

/** Registers an endpoint after its URL passes the outbound check; the secret is sealed and answered this once. */
@Injectable()
export class CreateWebhookHandler implements OperationHandler<typeof createWebhook> {
  readonly operation = createWebhook;

  constructor(private readonly ds: DataSource) {}

  async handle({ url, events }: InputOf<typeof createWebhook>, ctx: HandlerContext): Promise<OutputOf<typeof createWebhook>> {
    const { memberId } = callerOf(ctx);
    await countAttempt(this.ds, limitBuckets().webhookChanges, memberId);
    const checked = await checkWebhookUrl(url);
    const secret = newWebhookSecret();
    const sealed = await sealSecret(this.ds, secret);
    const row = await this.ds.transaction(async (em) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhook_endpoints:${memberId}`]);
      const [{ n }] = (await em.query('SELECT count(*)::int AS n FROM webhook_endpoints WHERE member_id = $1', [memberId])) as [{ n: number }];
      if (n >= WEBHOOKS_PER_MEMBER) throw AppError.conflict(`You have ${WEBHOOKS_PER_MEMBER} webhook endpoints already; remove one first.`);
      const [made] = (await em.query(
        `INSERT INTO webhook_endpoints (id, member_id, url, events, secret_sealed) VALUES ($1, $2, $3, $4, $5) RETURNING ${ENDPOINT_COLUMNS}`,
        [randomUUID(), memberId, checked, [...new Set(events ?? [])], sealed],
      )) as EndpointRow[];
      return made!;
    });
    return { ...endpointOut(row), secret };
  }
}

@Injectable()
export class DeleteWebhookHandler implements OperationHandler<typeof deleteWebhook> {
  readonly operation = deleteWebhook;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof deleteWebhook>, ctx: HandlerContext): Promise<OutputOf<typeof deleteWebhook>> {
    await countAttempt(this.ds, limitBuckets().webhookChanges, callerOf(ctx).memberId);
    if (!isUuid(id)) return { removed: false };
    const [, removed] = (await this.ds.query(
      'DELETE FROM webhook_endpoints WHERE id = $1 AND member_id = $2', [id, callerOf(ctx).memberId],
    )) as [unknown, number];
    return { removed: removed > 0 };
  }
}

/** A webhook.ping delivery, made and queued like an event's. */
@Injectable()
export class PingWebhookHandler implements OperationHandler<typeof pingWebhook> {
  readonly operation = pingWebhook;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof pingWebhook>, ctx: HandlerContext): Promise<OutputOf<typeof pingWebhook>> {
    const endpoint = await ownEndpoint(this.ds, id, callerOf(ctx).memberId);
    if (endpoint.disabled_at) throw AppError.conflict('This endpoint is disabled; register it again to use it.');
    await countAttempt(this.ds, limitBuckets().webhookSends, callerOf(ctx).memberId);
    return this.ds.transaction(async (em) => {
      const [row] = (await em.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, type, body, next_attempt_at) VALUES ($1, $2, 'webhook.ping', $3, now())
         RETURNING ${DELIVERY_COLUMNS}`,
        [randomUUID(), id, webhookBody('webhook.ping', new Date().toISOString(), { webhookId: id })],
      )) as DeliveryRow[];
      await enqueueWork(em, webhookDeliveryQueue, { deliveryId: row!.id });
      return deliveryOut(row!);
    });
  }
}

@Injectable()
export class ListWebhookDeliveriesHandler implements OperationHandler<typeof listWebhookDeliveries> {
  readonly operation = listWebhookDeliveries;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof listWebhookDeliveries>, ctx: HandlerContext): Promise<OutputOf<typeof listWebhookDeliveries>> {
    await ownEndpoint(this.ds, id, callerOf(ctx).memberId);
    const rows = (await this.ds.query(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id LIMIT 100`, [id],
    )) as DeliveryRow[];
    return { deliveries: rows.map(deliveryOut) };
  }
}

/** Makes a logged delivery pending and due now (same id, same body) and queues it. */
@Injectable()
export class RedeliverWebhookDeliveryHandler implements OperationHandler<typeof redeliverWebhookDelivery> {
  readonly operation = redeliverWebhookDelivery;

  constructor(private readonly ds: DataSource) {}

  async handle({ id, deliveryId }: InputOf<typeof redeliverWebhookDelivery>, ctx: HandlerContext): Promise<OutputOf<typeof redeliverWebhookDelivery>> {
    if (!isUuid(deliveryId)) throw AppError.notFound('No such delivery for this endpoint.');
    const endpoint = await ownEndpoint(this.ds, id, callerOf(ctx).memberId);
    if (endpoint.disabled_at) throw AppError.conflict('This endpoint is disabled; register it again to use it.');
    await countAttempt(this.ds, limitBuckets().webhookSends, callerOf(ctx).memberId);
    return this.ds.transaction(async (em) => {
      const [rows] = (await em.query(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = now(), delivered_at = NULL
         WHERE id = $1 AND endpoint_id = $2 RETURNING ${DELIVERY_COLUMNS}`, [deliveryId, id],
      )) as [DeliveryRow[], number];
      const row = rows[0];
      if (!row) throw AppError.notFound('No such delivery for this endpoint.');
      await enqueueWork(em, webhookDeliveryQueue, { deliveryId });
      return deliveryOut(row);
    });
  }
}

export const webhookHandlers = [
  ListWebhooksHandler, CreateWebhookHandler, DeleteWebhookHandler, PingWebhookHandler, ListWebhookDeliveriesHandler,
  RedeliverWebhookDeliveryHandler,
];
