import { backoffMs, processSettings, type ServiceEnv, serviceEnv } from '@marketplace/service-kit';

import { notificationsSettings } from '../notifications.settings.js';

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

/** From notifications' declared settings (read at its start), so a bad value stops the service. */
export function webhookSettings(env: ServiceEnv = serviceEnv()): WebhookSettings {
  const s = notificationsSettings.read(env);
  return {
    retryBaseMs: s.webhookRetryBaseMs,
    maxDelayMs: s.webhookRetryMaxMs,
    giveUpMs: s.webhookGiveUpHours * 3_600_000,
    loopbackHttp: processSettings.read(env).nodeEnv !== 'production',
    deadlineMs: s.webhookDeadlineMs,
    inFlightPerEndpoint: s.webhookInFlightPerEndpoint,
    inFlightPerMember: s.webhookInFlightPerMember,
    ...(s.webhookSecretKey ? { sealKey: s.webhookSecretKey } : {}),
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
