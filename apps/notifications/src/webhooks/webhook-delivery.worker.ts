import { webhookDeliveryQueue, webhookDisabledV1 } from '@marketplace/contracts';
import { DeferWork, recordEvent, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';

import { openSecret } from './webhook-secrets.js';
import { webhookBusyDelayMs, webhookRetryDelayMs, type WebhookSettings, webhookSettings } from './webhook-settings.js';
import { postWebhook } from './webhook-targets.js';
import { type Claim, claimAttempt, type ClaimedDelivery, disableEndpoint, markDelivered, markFailed, scheduleRetry } from './webhooks.queries.js';

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
 * goes back to the queue for a moment and frees its slot for other members' deliveries. An attempt
 * that delivers frees a slot of its endpoint: the worker takes that endpoint's next due delivery at
 * once (the same claim, caps and all), so a busy endpoint's backlog does not wait out the hand-back;
 * the next delivery's own item finds it delivered and ends, or its retry scheduled and waits for it.
 */
@Injectable()
export class WebhookDeliveryWorker implements WorkHandler<typeof webhookDeliveryQueue.payload> {
  readonly queue = webhookDeliveryQueue;

  constructor(private readonly ds: DataSource) {}

  async run({ deliveryId }: { deliveryId: string }, ctx: WorkContext): Promise<void> {
    const settings = webhookSettings();
    const claim = await this.claim({ delivery: deliveryId }, settings);
    if (claim.outcome === 'busy') throw new DeferWork(webhookBusyDelayMs(settings, ctx.attempt));
    // Not due, or an attempt of its own in flight (a redelivery asked for meanwhile waits for it).
    if (claim.outcome === 'later') throw new DeferWork(Math.max(100, claim.waitMs));
    if (claim.outcome === 'none') return;
    const started = Date.now();
    const own = await this.attempt(claim.delivery, settings, ctx);
    if (own.retryMs !== undefined) throw new DeferWork(own.retryMs);
    // The next attempt must end well inside the item's own timeout, which the runner enforces.
    const withinTime = () => Date.now() - started + settings.deadlineMs < (this.queue.timeoutSeconds * 1000) / 2;
    // Asked for only when the endpoint had more due at the last claim: most endpoints have none.
    let more = own.delivered && claim.more;
    while (more && !ctx.signal.aborted && withinTime()) {
      const next = await this.claim({ endpoint: claim.delivery.endpoint_id }, settings);
      if (next.outcome !== 'claimed') return;
      more = (await this.attempt(next.delivery, settings, ctx)).delivered && next.more;
    }
  }

  /**
   * Claims an attempt (one statement): of this delivery, or of the endpoint's next due one, unless
   * its endpoint or member already has as many attempts in flight as allowed. Claims of one member's
   * deliveries take turns (an advisory lock the statement holds), so the caps hold exactly.
   */
  private claim(of: { delivery: string } | { endpoint: string }, settings: WebhookSettings): Promise<Claim> {
    const caps = { perEndpoint: settings.inFlightPerEndpoint, perMember: settings.inFlightPerMember };
    return claimAttempt(this.ds, of, caps, settings.deadlineMs / 1000 + 2, (settings.deadlineMs * 3) / 1000);
  }

  /**
   * Sends one claimed attempt and settles it: delivered on a 2xx; failed for good (and its endpoint
   * disabled) on a 410 or past the give-up time; otherwise its retry scheduled, `retryMs` from now.
   */
  private async attempt(row: ClaimedDelivery, settings: WebhookSettings, ctx: WorkContext): Promise<{ delivered: boolean; retryMs?: number }> {
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
      return { delivered: true };
    }
    const error = outcome.error ?? `answered ${code}`;
    const gone = code === 410;
    if (gone || Date.now() - new Date(row.created_at).getTime() >= settings.giveUpMs) {
      await markFailed(this.ds, row.id, code, error);
      await this.disable(row.endpoint_id, gone ? 'gone' : 'failing');
      return { delivered: false };
    }
    const retryMs = webhookRetryDelayMs(settings, row.attempts);
    await scheduleRetry(this.ds, row.id, code, error, retryMs / 1000);
    return { delivered: false, retryMs };
  }

  /** Disables the endpoint once and tells its member (an alert, through the webhook.disabled event). */
  private async disable(endpointId: string, reason: 'gone' | 'failing'): Promise<void> {
    await this.ds.transaction(async (em) => {
      const done = await disableEndpoint(em, endpointId, reason);
      if (done) await recordEvent(em, webhookDisabledV1, { memberId: done.member_id, webhookId: endpointId, url: done.url, reason });
    });
  }
}
