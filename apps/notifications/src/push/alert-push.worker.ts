import { alertPushQueue } from '@marketplace/contracts';
import type { WorkHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { alertToPush, browsersWithoutAlert, recordPushDelivery, removeSubscription } from './push.queries.js';
import { PUSH_TIMEOUT_MS, pushAgent, pushTargetOf } from './push-targets.js';
import { loadWebPush, vapidDetails } from './vapid-keys.js';

/**
 * Pushes one alert to each browser of its member that has not had it yet. A push service that
 * answers 404 or 410 has dropped the subscription for good, so it is removed; other failures
 * retry the item, and browsers that already took the alert are skipped then. An endpoint that is
 * no longer a push service's, or whose host now resolves to an address that is not public, is
 * removed the same way: nothing is sent to it.
 */
@Injectable()
export class AlertPushWorker implements WorkHandler<typeof alertPushQueue.payload> {
  readonly queue = alertPushQueue;

  constructor(private readonly ds: DataSource) {}

  async run({ alertId }: { alertId: string }): Promise<void> {
    const vapid = await vapidDetails(this.ds);
    if (!vapid) return;
    const alert = await alertToPush(this.ds, alertId);
    if (!alert) return;
    const subscriptions = await browsersWithoutAlert(this.ds, alert.member_id, alertId);
    const payload = JSON.stringify({
      id: alertId,
      kind: alert.kind,
      message: alert.message,
      jobId: alert.job_id,
      applicationId: alert.application_id,
      createdAt: new Date(alert.created_at).toISOString(),
    });
    const failures: unknown[] = [];
    const webpush = await loadWebPush();
    for (const s of subscriptions) {
      const target = pushTargetOf(s.endpoint);
      try {
        if (!target) throw Object.assign(new Error('Not a push service endpoint.'), { code: 'ENOTPUBLIC' });
        const agent = pushAgent(target);
        await webpush.sendNotification({ endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } }, payload, {
          vapidDetails: vapid,
          TTL: 86_400,
          timeout: PUSH_TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        });
        await recordPushDelivery(this.ds, alertId, s.endpoint);
      } catch (err) {
        const { statusCode: status, code } = err as { statusCode?: number; code?: string };
        if (status === 404 || status === 410 || code === 'ENOTPUBLIC') {
          await removeSubscription(this.ds, s.endpoint);
        } else {
          failures.push(err);
        }
      }
    }
    if (failures.length) throw failures[0];
  }
}
