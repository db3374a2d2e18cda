import { z } from 'zod';

import { defineEvent } from './event.js';

/**
 * Alerts wait for the member's agent: one was written, or the member turned agent notifications
 * on. Gateways hear it as it is published (core NATS, no consumer) and look for the member's alerts
 * again on their next MCP tool result, instead of asking after every call.
 */
export const agentAlertsWaitingV1 = defineEvent(
  'alerts.waiting',
  1,
  'notifications',
  z.object({
    memberId: z.string(),
  }),
);

/** A member's webhook endpoint stopped being delivered to: it answered 410 (gone) or kept failing for days (failing). */
export const webhookDisabledV1 = defineEvent(
  'webhook.disabled',
  1,
  'notifications',
  z.object({
    memberId: z.string(),
    webhookId: z.string(),
    url: z.string(),
    reason: z.enum(['gone', 'failing']),
  }),
);
