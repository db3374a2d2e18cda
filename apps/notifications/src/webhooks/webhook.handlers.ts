import { randomUUID } from 'node:crypto';

import {
  AppError,
  createWebhook,
  deleteWebhook,
  type InputOf,
  listWebhookDeliveries,
  listWebhooks,
  type OutputOf,
  pingWebhook,
  redeliverWebhookDelivery,
  webhookDeliveryQueue,
  WEBHOOKS_PER_MEMBER,
} from '@marketplace/contracts';
import { callerOf, countAttempt, enqueueWork, type HandlerContext, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { webhookBody } from './webhook-fanout.js';
import { newWebhookSecret, sealSecret } from './webhook-secrets.js';
import { checkWebhookUrl } from './webhook-targets.js';
import {
  countEndpoints,
  deleteEndpoint,
  deliveriesOf,
  type DeliveryRow,
  endpointOf,
  type EndpointRow,
  endpointsOf,
  insertEndpoint,
  insertPingDelivery,
  lockForTransaction,
  redeliver,
} from './webhooks.queries.js';

type Delivery = OutputOf<typeof pingWebhook>;

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function endpointOut(r: EndpointRow) {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    status: r.disabled_at ? ('disabled' as const) : ('active' as const),
    disabledReason: r.disabled_reason,
    createdAt: iso(r.created_at)!,
  };
}

function deliveryOut(r: DeliveryRow) {
  return {
    id: r.id,
    type: r.type,
    status: r.status as Delivery['status'],
    attempts: r.attempts,
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    nextAttemptAt: r.status === 'pending' ? iso(r.next_attempt_at) : null,
    createdAt: iso(r.created_at)!,
    deliveredAt: iso(r.delivered_at),
  };
}

/** The caller's endpoint, or 404 (another member's is not there for them). */
async function ownEndpoint(ds: DataSource, id: string, memberId: string): Promise<EndpointRow> {
  const row = await endpointOf(ds, id, memberId);
  if (!row) throw AppError.notFound('No such webhook endpoint of yours.');
  return row;
}

@Injectable()
export class ListWebhooksHandler implements OperationHandler<typeof listWebhooks> {
  readonly operation = listWebhooks;

  constructor(private readonly ds: DataSource) {}

  async handle(_input: unknown, ctx: HandlerContext): Promise<OutputOf<typeof listWebhooks>> {
    const rows = await endpointsOf(this.ds, callerOf(ctx).memberId);
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
      await lockForTransaction(em, `webhook_endpoints:${memberId}`);
      if ((await countEndpoints(em, memberId)) >= WEBHOOKS_PER_MEMBER)
        throw AppError.conflict(`You have ${WEBHOOKS_PER_MEMBER} webhook endpoints already; remove one first.`);
      const made = await insertEndpoint(em, { id: randomUUID(), memberId, url: checked, events: [...new Set(events ?? [])], secretSealed: sealed });
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
    return { removed: await deleteEndpoint(this.ds, id, callerOf(ctx).memberId) };
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
      const row = await insertPingDelivery(em, randomUUID(), id, webhookBody('webhook.ping', new Date().toISOString(), { webhookId: id }));
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
    const rows = await deliveriesOf(this.ds, id);
    return { deliveries: rows.map(deliveryOut) };
  }
}

/** Makes a logged delivery pending and due now (same id, same body) and queues it. */
@Injectable()
export class RedeliverWebhookDeliveryHandler implements OperationHandler<typeof redeliverWebhookDelivery> {
  readonly operation = redeliverWebhookDelivery;

  constructor(private readonly ds: DataSource) {}

  async handle({ id, deliveryId }: InputOf<typeof redeliverWebhookDelivery>, ctx: HandlerContext): Promise<OutputOf<typeof redeliverWebhookDelivery>> {
    const endpoint = await ownEndpoint(this.ds, id, callerOf(ctx).memberId);
    if (endpoint.disabled_at) throw AppError.conflict('This endpoint is disabled; register it again to use it.');
    await countAttempt(this.ds, limitBuckets().webhookSends, callerOf(ctx).memberId);
    return this.ds.transaction(async (em) => {
      const row = await redeliver(em, deliveryId, id);
      if (!row) throw AppError.notFound('No such delivery for this endpoint.');
      await enqueueWork(em, webhookDeliveryQueue, { deliveryId });
      return deliveryOut(row);
    });
  }
}

export const webhookHandlers = [
  ListWebhooksHandler,
  CreateWebhookHandler,
  DeleteWebhookHandler,
  PingWebhookHandler,
  ListWebhookDeliveriesHandler,
  RedeliverWebhookDeliveryHandler,
];
