import { loadOnFirstUse } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { channelsConfig } from '../channels/channels.config.js';
import { keptSecret } from '../channels/notification-keys.js';

// The push library is loaded by the first push, not by every process of the service.
export const loadWebPush = loadOnFirstUse(async () => (await import('web-push')).default);

export interface VapidDetails {
  subject: string;
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair when push is on: from the environment, else made once and kept in the
 * database (every replica and the worker read the same pair, so subscriptions keep working).
 */
export async function vapidDetails(ds: DataSource): Promise<VapidDetails | null> {
  const push = channelsConfig().push;
  if (!push) return null;
  if (push.publicKey && push.privateKey) return { subject: push.subject, publicKey: push.publicKey, privateKey: push.privateKey };
  const webpush = await loadWebPush();
  const keys = await keptSecret(ds, 'vapid-keys', () => webpush.generateVAPIDKeys());
  return { subject: push.subject, ...keys };
}
