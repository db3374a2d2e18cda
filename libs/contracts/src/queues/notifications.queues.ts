import { z } from 'zod';

import { defineQueue } from './queue.js';

/**
 * Sends one member's batched alert email (a digest). One digest is open per member at a time and
 * is sent no sooner than the email window after the previous one, so a busy member gets at most
 * one email per window. SMTP failures retry with backoff for days (as file cleanup does): a
 * digest given up for good would keep its member's alerts waiting behind it.
 */
export const alertEmailQueue = defineQueue('notifications', 'alert-email', 1, z.object({ digestId: z.uuid() }), {
  ackWaitSeconds: 30,
  maxAttempts: 1000,
  concurrency: 4,
  backoffMs: 2000,
  maxBackoffMs: 300_000,
  timeoutSeconds: 60,
});

/** Pushes one alert to every browser its member registered; expired subscriptions are removed. */
export const alertPushQueue = defineQueue('notifications', 'alert-push', 1, z.object({ alertId: z.uuid() }), {
  ackWaitSeconds: 30,
  maxAttempts: 6,
  concurrency: 4,
  backoffMs: 2000,
  maxBackoffMs: 120_000,
  timeoutSeconds: 60,
});

/**
 * Delivers one webhook delivery (a signed POST to a member's endpoint). The worker keeps the
 * schedule in the delivery row and hands the item back (DeferWork) until the next attempt is due,
 * so retries follow its own backoff over about three days; maxAttempts only bounds crashes.
 */
export const webhookDeliveryQueue = defineQueue('notifications', 'webhook-delivery', 1, z.object({ deliveryId: z.uuid() }), {
  ackWaitSeconds: 30,
  maxAttempts: 1000,
  concurrency: 8,
  backoffMs: 2000,
  maxBackoffMs: 300_000,
  timeoutSeconds: 30,
});
