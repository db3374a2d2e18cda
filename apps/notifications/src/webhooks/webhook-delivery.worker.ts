import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { webhookDeliveryQueue, webhookDisabledV1 } from '@marketplace/contracts';
import { DeferWork, recordEvent, type WorkContext, type WorkHandler } from '@marketplace/service-kit';
import { openSecret } from './webhook-secrets.js';
import { webhookBusyDelayMs, webhookRetryDelayMs, webhookSettings, type WebhookSettings } from './webhook-settings.js';
import { postWebhook } from './webhook-targets.js';

interface DeliveryRow {
  id: string; endpoint_id: string; body: string; attempts: number; created_at: Date; url: string; secret_sealed: string;
}

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
    const outcome = await postWebhook(row.url, {
      'webhook-id': row.id, 'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)), 'webhook-signature': signature,
    }, row.body, settings.deadlineMs, ctx.signal);
    const code = outcome.statusCode;
    if (code !== null && code >= 200 && code < 300) {
      await this.ds.query(
        `UPDATE webhook_deliveries SET status = 'delivered', last_status_code = $2, last_error = NULL, sending_until = NULL,
         next_attempt_at = NULL, delivered_at = now() WHERE id = $1`, [row.id, code],
      );
      return;
    }
    const error = outcome.error ?? `answered ${code}`;
    const gone = code === 410;
    if (gone || Date.now() - new Date(row.created_at).getTime() >= settings.giveUpMs) {
      await this.ds.query(
        `UPDATE webhook_deliveries SET status = 'failed', last_status_code = $2, last_error = $3, sending_until = NULL, next_attempt_at = NULL WHERE id = $1`,
        [row.id, code, error],
      );
      await this.disable(row.endpoint_id, gone ? 'gone' : 'failing');
      return;
    }
    const delay = webhookRetryDelayMs(settings, row.attempts);
    await this.ds.query(
      `UPDATE webhook_deliveries SET last_status_code = $2, last_error = $3, sending_until = NULL,
       next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
      [row.id, code, error, delay / 1000],
    );
    throw new DeferWork(delay);
  }

  /**
   * Claims a due delivery and counts its attempt, unless its endpoint or member already has as many
   * attempts in flight as allowed ('busy'); undefined when it is not due, not pending, or has an
   * attempt of its own in flight (a redelivery asked for meanwhile waits for it: one attempt per
   * delivery at a time, so its mark counts every attempt). Claims of one member's deliveries take
   * turns (an advisory lock), so the caps hold exactly.
   */
  private async claim(deliveryId: string, settings: WebhookSettings): Promise<DeliveryRow | 'busy' | undefined> {
    return this.ds.transaction(async (em) => {
      const [due] = (await em.query(
        `SELECT d.endpoint_id, e.member_id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE d.id = $1 AND d.status = 'pending' AND e.disabled_at IS NULL AND d.next_attempt_at <= now()
           AND (d.sending_until IS NULL OR d.sending_until <= now())`, [deliveryId],
      )) as { endpoint_id: string; member_id: string }[];
      if (!due) return undefined;
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`webhook_in_flight:${due.member_id}`]);
      const [flying] = (await em.query(
        `SELECT count(*) FILTER (WHERE d.endpoint_id = $2)::int AS endpoint, count(*)::int AS member
         FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
         WHERE e.member_id = $1 AND d.sending_until > now()`, [due.member_id, due.endpoint_id],
      )) as { endpoint: number; member: number }[];
      if (flying!.endpoint >= settings.inFlightPerEndpoint || flying!.member >= settings.inFlightPerMember) return 'busy';
      const [claimed] = (await em.query(
        `UPDATE webhook_deliveries d SET attempts = d.attempts + 1, last_attempt_at = now(),
           sending_until = now() + make_interval(secs => $2), next_attempt_at = now() + make_interval(secs => $3)
         FROM webhook_endpoints e
         WHERE d.id = $1 AND e.id = d.endpoint_id AND d.status = 'pending' AND e.disabled_at IS NULL AND d.next_attempt_at <= now()
           AND (d.sending_until IS NULL OR d.sending_until <= now())
         RETURNING d.id, d.endpoint_id, d.body, d.attempts, d.created_at, e.url, e.secret_sealed`,
        [deliveryId, settings.deadlineMs / 1000 + 2, (settings.deadlineMs * 3) / 1000],
      )) as [DeliveryRow[], number];
      return claimed[0];
    });
  }

  /** Disables the endpoint once and tells its member (an alert, through the webhook.disabled event). */
  private async disable(endpointId: string, reason: 'gone' | 'failing'): Promise<void> {
    await this.ds.transaction(async (em) => {
      const [rows] = (await em.query(
        `UPDATE webhook_endpoints SET disabled_at = now(), disabled_reason = $2 WHERE id = $1 AND disabled_at IS NULL RETURNING member_id, url`,
        [endpointId, reason],
      )) as [{ member_id: string; url: string }[], number];
      const done = rows[0];
      if (done) await recordEvent(em, webhookDisabledV1, { memberId: done.member_id, webhookId: endpointId, url: done.url, reason });
    });
  }

  /**
   * Not claimable now: come back when a pending delivery is due, and not before an attempt of it
   * still in flight (a redelivery asked for meanwhile) has had its deadline; anything else is done.
   */
  private async deferIfPending(deliveryId: string): Promise<void> {
    const [row] = (await this.ds.query(
      `SELECT GREATEST(0, EXTRACT(EPOCH FROM (GREATEST(d.next_attempt_at, d.sending_until) - now())) * 1000)::float8 AS wait_ms
       FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1 AND d.status = 'pending' AND e.disabled_at IS NULL`,
      [deliveryId],
    )) as { wait_ms: number }[];
    if (row) throw new DeferWork(Math.max(100, Number(row.wait_ms)));
  }
}
