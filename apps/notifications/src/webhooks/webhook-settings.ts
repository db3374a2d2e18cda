import { webhookDeliveryQueue } from '@marketplace/contracts';
import { backoffMs, serviceEnv, settingsOf } from '@marketplace/service-kit';

/**
 * The deadline stays under the queue's job timeout, with room to sign and record: past it the
 * runner frees the slot while the request would still be open.
 */
const LONGEST_DEADLINE_MS = webhookDeliveryQueue.timeoutSeconds * 1000 - 5_000;

export interface WebhookSettings {
  /** First retry delay, doubled per attempt up to maxDelayMs. */
  retryBaseMs: number;
  maxDelayMs: number;
  /** A delivery still failing this long after it was made is given up and its endpoint disabled. */
  giveUpMs: number;
  /** http to loopback hosts is taken (never in production): npm start and the e2e tests run a local receiver. */
  loopbackHttp: boolean;
  /** Key that seals the signing secrets (32 bytes, base64); when unset, one kept in the notifications schema. */
  sealKey?: string;
  /** The whole of one attempt, from the lookup to the status line; then the request is destroyed. */
  deadlineMs: number;
  /** Attempts in flight at once to one endpoint, and to all of one member's endpoints: one slow receiver holds no more. */
  inFlightPerEndpoint: number;
  inFlightPerMember: number;
}

/** Read through the kit's one settings reader, and at start (service.ts), so a bad value stops the service. */
export function webhookSettings(env: NodeJS.ProcessEnv = serviceEnv()): WebhookSettings {
  const settings = settingsOf(env);
  const sealKey = settings.string('WEBHOOK_SECRET_KEY');
  return {
    retryBaseMs: settings.duration('WEBHOOK_RETRY_BASE_MS', 30_000, { min: 1 }),
    maxDelayMs: settings.duration('WEBHOOK_RETRY_MAX_MS', 4 * 3_600_000, { min: 1 }),
    giveUpMs: settings.number('WEBHOOK_GIVE_UP_HOURS', 72, { min: 0.001 }) * 3_600_000,
    loopbackHttp: settings.string('NODE_ENV') !== 'production',
    deadlineMs: settings.duration('WEBHOOK_DEADLINE_MS', 10_000, { min: 100, max: LONGEST_DEADLINE_MS }),
    inFlightPerEndpoint: settings.int('WEBHOOK_IN_FLIGHT_PER_ENDPOINT', 2, { min: 1 }),
    inFlightPerMember: settings.int('WEBHOOK_IN_FLIGHT_PER_MEMBER', 4, { min: 1 }),
    ...(sealKey ? { sealKey } : {}),
  };
}

/** Delay before attempt `attempts + 1`: exponential from retryBaseMs, capped at maxDelayMs. */
export function webhookRetryDelayMs(s: WebhookSettings, attempts: number): number {
  return backoffMs({ firstMs: s.retryBaseMs, maxMs: s.maxDelayMs }, attempts);
}

/**
 * How long an item held back by an in-flight cap waits before it asks again: a second or two at
 * first, growing with the item's deliveries to about the deadline. Every wait uses up one of the
 * queue's deliveries, so an endpoint kept busy for hours must not exhaust its items' maxAttempts
 * (that would leave their deliveries pending with nothing left to send them).
 */
export function webhookBusyDelayMs(s: WebhookSettings, deliveries: number, random: () => number = Math.random): number {
  return backoffMs({ firstMs: Math.min(1_000, s.deadlineMs), maxMs: s.deadlineMs, jitter: 1 }, deliveries, random);
}
