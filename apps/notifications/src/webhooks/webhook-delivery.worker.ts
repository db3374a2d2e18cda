import { Injectable } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { webhookDeliveryQueue, webhookDisabledV1 } from '@marketplace/contracts';
import { DeferWork, recordEvent, type WorkHandler } from '@marketplace/service-kit';
import { openSecret } from './webhook-secrets.js';
import { webhookRetryDelayMs, webhookSettings } from './webhook-settings.js';
import { postWebhook, WEBHOOK_TIMEOUT_MS } from './webhook-targets.js';

interface DeliveryRow {
  id: string; endpoint_id: string; body: string; attempts: number; created_at: Date; url: string; secret_sealed: string;
}

/**
 * Delivers one webhook delivery, signed by Standard Webhooks with the delivery's id as webhook-id,
 * so every attempt and redelivery carries the same id. The row keeps the schedule: an attempt
 * claims the row (next attempt pushed past the timeout, so two items for one delivery never send
 * at once), a failure sets the next attempt by exponential backoff and hands the item back until
 * then (DeferWork); a 2xx delivers it, a 410 disables the endpoint, and a delivery still failing
 * WEBHOOK_GIVE_UP_HOURS after it was made is failed and its endpoint disabled.
 */
@Injectable()
export class WebhookDeliveryWorker implements WorkHandler<typeof webhookDeliveryQueue.payload> {
  readonly queue = webhookDeliveryQueue;

  constructor(private readonly ds: DataSource) {}

  async run({ deliveryId }: { deliveryId: string }): Promise<void> {
    const [claimed] = (await this.ds.query(
      `UPDATE webhook_deliveries d SET next_attempt_at = now() + make_interval(secs => $2)
       FROM webhook_endpoints e
       WHERE d.id = $1 AND e.id = d.endpoint_id AND d.status = 'pending' AND e.disabled_at IS NULL AND d.next_attempt_at <= now()
       RETURNING d.id, d.endpoint_id, d.body, d.attempts, d.created_at, e.url, e.secret_sealed`,
      [deliveryId, (WEBHOOK_TIMEOUT_MS * 3) / 1000],
    )) as [DeliveryRow[], number] | DeliveryRow[];
    const row = (Array.isArray(claimed) ? claimed[0] : claimed) as DeliveryRow | undefined;
    if (!row) return this.deferIfPending(deliveryId);
    const signedAt = new Date();
    const signature = new Webhook(await openSecret(this.ds, row.secret_sealed)).sign(row.id, signedAt, row.body);
    const outcome = await postWebhook(row.url, {
      'webhook-id': row.id, 'webhook-timestamp': String(Math.floor(signedAt.getTime() / 1000)), 'webhook-signature': signature,
    }, row.body);
    const attempts = row.attempts + 1;
    const code = outcome.statusCode;
    if (code !== null && code >= 200 && code < 300) {
      await this.ds.query(
        `UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, last_status_code = $3, last_error = NULL,
         next_attempt_at = NULL, delivered_at = now() WHERE id = $1`, [row.id, attempts, code],
      );
      return;
    }
    const error = outcome.error ?? `answered ${code}`;
    const settings = webhookSettings();
    const gone = code === 410;
    if (gone || Date.now() - new Date(row.created_at).getTime() >= settings.giveUpMs) {
      await this.ds.query(
        `UPDATE webhook_deliveries SET status = 'failed', attempts = $2, last_status_code = $3, last_error = $4, next_attempt_at = NULL WHERE id = $1`,
        [row.id, attempts, code, error],
      );
      await this.disable(row.endpoint_id, gone ? 'gone' : 'failing');
      return;
    }
    const delay = webhookRetryDelayMs(settings, attempts);
    await this.ds.query(
      `UPDATE webhook_deliveries SET attempts = $2, last_status_code = $3, last_error = $4,
       next_attempt_at = now() + make_interval(secs => $5) WHERE id = $1`,
      [row.id, attempts, code, error, delay / 1000],
    );
    throw new DeferWork(delay);
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

  /** Not claimable now: come back when a pending delivery is due; anything else is done. */
  private async deferIfPending(deliveryId: string): Promise<void> {
    const [row] = (await this.ds.query(
      `SELECT GREATEST(0, EXTRACT(EPOCH FROM (d.next_attempt_at - now())) * 1000)::float8 AS wait_ms FROM webhook_deliveries d
       JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1 AND d.status = 'pending' AND e.disabled_at IS NULL`,
      [deliveryId],
    )) as { wait_ms: number }[];
    if (row) throw new DeferWork(Math.max(100, Number(row.wait_ms)));
  }
}
