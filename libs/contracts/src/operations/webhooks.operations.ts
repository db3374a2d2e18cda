import { z } from 'zod';

import { eventCatalogue } from '../events/event-catalogue.js';
import { defineOperation } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';

/** Endpoints one member may register. */
export const WEBHOOKS_PER_MEMBER = 10;

/** The event catalogue's kinds, as an enum: the document lists them, and the server refuses any other. */
const eventKind = z.enum(eventCatalogue.map((e) => e.type) as [string, ...string[]], { error: 'Not an event kind of the event catalogue.' });

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()).describe('The event kinds delivered; empty means every kind'),
  status: z.enum(['active', 'disabled']),
  disabledReason: z.string().nullable().describe('Why delivery stopped: gone (the endpoint answered 410) or failing (it failed for days)'),
  createdAt: z.string(),
});

export const webhookDeliverySchema = z.object({
  id: z.string().describe('The webhook-id header: the same on every attempt and redelivery of this delivery'),
  type: z.string().describe('The event kind, or webhook.ping'),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable().describe('The HTTP status of the last attempt; null when it got no answer'),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});

const webhookId = { id: idSchema.describe('Webhook endpoint id') };

export const listWebhooks = defineOperation({
  name: 'listWebhooks',
  service: 'notifications',
  summary: 'Your webhook endpoints (never their secrets)',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({ webhooks: z.array(webhookSchema) }),
  rest: { method: 'GET', path: '/api/me/webhooks', status: 200 },
  mcp: {
    tool: 'list_webhooks',
    description: 'List your webhook endpoints: url, event kinds, active or disabled. Secrets are shown only when an endpoint is created.',
  },
});

export const createWebhook = defineOperation({
  name: 'createWebhook',
  service: 'notifications',
  summary: `Register a webhook endpoint (at most ${WEBHOOKS_PER_MEMBER}); the signing secret is answered once`,
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    url: z
      .string({ error: 'Required.' })
      .max(2048, 'At most 2,048 characters.')
      .describe('https URL resolving to public addresses (http to loopback outside production)'),
    events: z.array(eventKind).max(100).optional().describe('Alert kinds to deliver (e.g. message.sent, work.submitted); none means every kind'),
  }),
  output: webhookSchema.extend({
    secret: z.string().describe('whsec_… signing secret (Standard Webhooks); shown only now, keep it'),
  }),
  rest: { method: 'POST', path: '/api/me/webhooks', status: 201 },
  mcp: {
    tool: 'create_webhook',
    description: `Register an endpoint that receives your events as signed POSTs (Standard Webhooks). The secret is answered once. At most ${WEBHOOKS_PER_MEMBER} endpoints.`,
  },
});

export const deleteWebhook = defineOperation({
  name: 'deleteWebhook',
  service: 'notifications',
  summary: 'Remove one of your webhook endpoints and its delivery log',
  access: 'member',
  scope: 'agent:write',
  input: z.object(webhookId),
  output: z.object({ removed: z.boolean() }),
  rest: { method: 'DELETE', path: '/api/me/webhooks/{id}', status: 200 },
  mcp: { tool: 'delete_webhook', description: 'Remove one of your webhook endpoints; nothing more is delivered to it.', args: { id: 'webhook_id' } },
});

export const pingWebhook = defineOperation({
  name: 'pingWebhook',
  service: 'notifications',
  summary: 'Send a signed webhook.ping delivery to one of your endpoints',
  access: 'member',
  scope: 'agent:write',
  input: z.object(webhookId),
  output: webhookDeliverySchema,
  rest: { method: 'POST', path: '/api/me/webhooks/{id}/ping', status: 200 },
  mcp: {
    tool: 'ping_webhook',
    description: 'Send a test delivery (webhook.ping) to one of your webhook endpoints; follow it in list_webhook_deliveries.',
    args: { id: 'webhook_id' },
  },
});

export const listWebhookDeliveries = defineOperation({
  name: 'listWebhookDeliveries',
  service: 'notifications',
  summary: 'The delivery log of one of your webhook endpoints, newest first (the last 100)',
  access: 'member',
  scope: 'agent:read',
  input: z.object(webhookId),
  output: z.object({ deliveries: z.array(webhookDeliverySchema) }),
  rest: { method: 'GET', path: '/api/me/webhooks/{id}/deliveries', status: 200 },
  mcp: {
    tool: 'list_webhook_deliveries',
    description: 'The delivery log of one of your webhook endpoints: status, attempts, last status code, next attempt.',
    args: { id: 'webhook_id' },
  },
});

export const redeliverWebhookDelivery = defineOperation({
  name: 'redeliverWebhookDelivery',
  service: 'notifications',
  summary: 'Deliver one logged delivery again now, with the same webhook-id',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ ...webhookId, deliveryId: idSchema.describe('Delivery id (the webhook-id)') }),
  output: webhookDeliverySchema,
  rest: { method: 'POST', path: '/api/me/webhooks/{id}/deliveries/{deliveryId}/redeliver', status: 200 },
  mcp: {
    tool: 'redeliver_webhook_delivery',
    description: 'Deliver one logged delivery again now, with the same webhook-id (the endpoint must be active).',
    args: { id: 'webhook_id', deliveryId: 'delivery_id' },
  },
});

export const webhooksOperations = [listWebhooks, createWebhook, deleteWebhook, pingWebhook, listWebhookDeliveries, redeliverWebhookDelivery] as const;
