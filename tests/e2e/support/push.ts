import { createECDH, randomBytes } from 'node:crypto';

import { expect } from 'vitest';

/** Restarts one service of the system under test, with extra environment (empty: as it started). */
export async function restartService(controlUrl: string, app: string, env: Record<string, string>): Promise<void> {
  expect((await fetch(`${controlUrl}/stop/${app}`, { method: 'POST' })).status).toBe(204);
  const started = await fetch(`${controlUrl}/start/${app}`, { method: 'POST', body: JSON.stringify(env) });
  expect(started.status, await started.text()).toBe(204);
}

/** What PushManager.subscribe() hands a page: the endpoint and the browser's keys. */
export function pushSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}
