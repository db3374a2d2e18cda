import { webhookDeliveryQueue, webhookDisabledV1 } from '@marketplace/contracts';
import { DeferWork, recordEvent, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';

import { openSecret } from './webhook-secrets.js';
import { webhookBusyDelayMs, webhookRetryDelayMs, type WebhookSettings, webhookSettings } from './webhook-settings.js';
import { postWebhook } from './webhook-targets.js';
import {
  attemptsInFlight,
  claimDelivery,
  type ClaimedDelivery,
  disableEndpoint,
  dueDelivery,
  lockForTransaction,
  markDelivered,
  markFailed,
  msUntilDue,
  scheduleRetry,
} from './webhooks.queries.js';

/**
 * Delivers one webhook delivery, signed by Standard Webhooks with the delivery's id as webhook-id,
 * so every attempt and redelivery carries the same id. The row keeps the schedule: an attempt
 * claims the row (next attempt pushed past the deadline, so two items for one delivery never send
 * at once) and is counted then, before it is sent, so an attempt that never ends still counts; a
 * failure sets the next attempt by exponential backoff and hands the item back until then
 * (DeferWork); a 2xx delivers it, a 410 disables the endpoint, and a delivery still failing
 * WEBHOOK_GIVE_UP_HOURS after it was made is failed and its endpoint disabled.
 *
 * One member's slow endpoints cannot hold the delivery slots: each attempt has a deadline
 * (WEBHOOK_DEADLINE_MS) after which its request is destroyed, and at most
 * WEBHOOK_IN_FLIGHT_PER_ENDPOINT / _PER_MEMBER attempts are in flight at once; past that an item
 * goes back to the queue for a moment and frees its slot for other members' deliveries.
 */
@Injectable()
export class WebhookDeliveryWorker implements WorkHandler<typeof webhookDeliveryQueue.payload> {
  readonly queue = webhookDeliveryQueue;

  constructor(private readonly ds: DataSource) {}

  async run({ deliveryId }: { deliveryId: string }, ctx: WorkContext): Promise<void> {
    const settings = webhookSettings();
    const claim = await this.claim(deliveryId, settings);
    if (claim === 'busy') throw new DeferWork(webhookBusyDelayMs(settings, ctx.attempt));
    if (!claim) return this.deferIfPending(deliveryId);
    const row = claim;
    const signedAt = new Date();
    const signature = new Webhook(await openSecret(this.ds, row.secret_sealed)).sign(row.id, signedAt, row.body);
    const outcome = await postWebhook(
      row.url,
      {
        'webhook-id': row.id,
        'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      row.body,
      settings.deadlineMs,
      ctx.signal,
    );
    const code = outcome.statusCode;
    if (code !== null && code >= 200 && code < 300) {
      await markDelivered(this.ds, row.id, code);
      return;
    }
    const error = outcome.error ?? `answered ${code}`;
    const gone = code === 410;
    if (gone || Date.now() - new Date(row.created_at).getTime() >= settings.giveUpMs) {
      await markFailed(this.ds, row.id, code, error);
      await this.disable(row.endpoint_id, gone ? 'gone' : 'failing');
      return;
    }
    const delay = webhookRetryDelayMs(settings, row.attempts);
    await scheduleRetry(this.ds, row.id, code, error, delay / 1000);
    throw new DeferWork(delay);
  }

  /**
   * Claims a due delivery and counts its attempt, unless its endpoint or member already has as many
   * attempts in flight as allowed ('busy'); undefined when it is not due, not pending, or has an
   * attempt of its own in flight (a redelivery asked for meanwhile waits for it: one attempt per
   * delivery at a time, so its mark counts every attempt). Claims of one member's deliveries take
   * turns (an advisory lock), so the caps hold exactly.
   */
  private async claim(deliveryId: string, settings: WebhookSettings): Promise<ClaimedDelivery | 'busy' | undefined> {
    return this.ds.transaction(async (em) => {
      const due = await dueDelivery(em, deliveryId);
      if (!due) return undefined;
      await lockForTransaction(em, `webhook_in_flight:${due.member_id}`);
      const flying = await attemptsInFlight(em, due.member_id, due.endpoint_id);
      if (flying.endpoint >= settings.inFlightPerEndpoint || flying.member >= settings.inFlightPerMember) return 'busy';
      return claimDelivery(em, deliveryId, settings.deadlineMs / 1000 + 2, (settings.deadlineMs * 3) / 1000);
    });
  }

  /** Disables the endpoint once and tells its member (an alert, through the webhook.disabled event). */
  private async disable(endpointId: string, reason: 'gone' | 'failing'): Promise<void> {
    await this.ds.transaction(async (em) => {
      const done = await disableEndpoint(em, endpointId, reason);
      if (done) await recordEvent(em, webhookDisabledV1, { memberId: done.member_id, webhookId: endpointId, url: done.url, reason });
    });
  }

  /**
   * Not claimable now: come back when a pending delivery is due, and not before an attempt of it
   * still in flight (a redelivery asked for meanwhile) has had its deadline; anything else is done.
   */
  private async deferIfPending(deliveryId: string): Promise<void> {
    const waitMs = await msUntilDue(this.ds, deliveryId);
    if (waitMs !== undefined) throw new DeferWork(Math.max(100, Number(waitMs)));
  }
}
