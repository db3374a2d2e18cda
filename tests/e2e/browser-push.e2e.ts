import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { messageSentV1 } from '@marketplace/contracts';
import { api, createMember, dbQuery, type TestMember, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { pushSubscription, restartService } from './support/push.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const control = inject('controlUrl');

interface PushRequest {
  path: string;
  headers: IncomingHttpHeaders;
  bytes: number;
}

/**
 * A push service of our own: https with a certificate made for this run (the notifications
 * processes trust it through NODE_EXTRA_CA_CERTS). Paths under /gone answer 410, as a push
 * service does for a subscription the browser dropped.
 */
async function startPushService(): Promise<{ origin: string; caFile: string; requests: PushRequest[]; server: Server }> {
  const dir = mkdtempSync(join(tmpdir(), 'push-service-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
  const requests: PushRequest[] = [];
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    let bytes = 0;
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      requests.push({ path: req.url ?? '', headers: req.headers, bytes });
      res.writeHead(req.url?.startsWith('/gone') ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { origin: `https://127.0.0.1:${(server.address() as AddressInfo).port}`, caFile: cert, requests, server };
}

const restart = (app: string, env: Record<string, string>) => restartService(control, app, env);
const subscription = pushSubscription;

function messaged(recipient: TestMember): Promise<string> {
  return publishEvent(nats, messageSentV1, {
    messageId: randomUUID(),
    applicationId: randomUUID(),
    jobId: randomUUID(),
    title: 'Tune a piano',
    senderId: randomUUID(),
    recipientId: recipient.id,
    senderRole: 'poster',
    sentAt: new Date().toISOString(),
  });
}

describe('browser push', () => {
  let push: Awaited<ReturnType<typeof startPushService>>;
  let ann: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    push = await startPushService();
    [ann, bob] = await Promise.all([createMember(nats), createMember(nats)]);
  });
  afterAll(async () => {
    await restart('notifications', {});
    await restart('notifications-worker', {});
    push?.server.close();
  });

  it('without WEB_PUSH_SUBJECT has no public key and refuses subscriptions with 503', async () => {
    const got = await api(base, '/api/me/browser-push', { key: ann.key });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({ publicKey: null, subscriptions: [] });
    const put = await api(base, '/api/me/browser-push', { key: ann.key, method: 'PUT', body: subscription(`${push.origin}/ann`) });
    expect(put.status).toBe(503);
    expect(put.body.error).toMatch(/not configured/);
  });

  it('once configured, serves one VAPID key kept by the service and validates endpoints', async () => {
    // The test's push service is on loopback: BROWSER_PUSH_TEST_ORIGIN (test-only) lets it stand in for one.
    const env = { WEB_PUSH_SUBJECT: 'mailto:ops@example.test', NODE_EXTRA_CA_CERTS: push.caFile, BROWSER_PUSH_TEST_ORIGIN: push.origin };
    await restart('notifications', env);
    await restart('notifications-worker', env);
    const got = await api(base, '/api/me/browser-push', { key: ann.key });
    expect(got.status).toBe(200);
    expect(got.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    // Kept sealed under DATA_ENCRYPTION_KEY: nothing of the pair is in the clear in the table.
    const [kept] = await dbQuery<{ value: { sealed: string } }>(db, "SELECT value FROM notifications.notification_keys WHERE name = 'vapid-keys'");
    expect(Object.keys(kept!.value)).toEqual(['sealed']);
    expect(kept!.value.sealed).toMatch(/^sealed:v1:/);
    expect(JSON.stringify(kept)).not.toContain(got.body.publicKey);

    const put = (body: unknown, member = ann) => api(base, '/api/me/browser-push', { key: member.key, method: 'PUT', body });
    expect((await put(subscription('http://127.0.0.1/plain'))).status).toBe(400);
    expect((await put(subscription(`${push.origin}/${'a'.repeat(2049)}`))).status).toBe(400);
    expect((await put({ endpoint: `${push.origin}/ann` })).status).toBe(400);
    expect((await api(base, '/api/me/browser-push', { method: 'PUT', body: subscription(`${push.origin}/ann`) })).status).toBe(401);
  });

  it('an endpoint belongs to one member: re-registering refreshes it, another member gets 409', async () => {
    const mine = subscription(`${push.origin}/ann`);
    const first = await api(base, '/api/me/browser-push', { key: ann.key, method: 'PUT', body: mine });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ endpoint: mine.endpoint, createdAt: expect.any(String) });
    expect((await api(base, '/api/me/browser-push', { key: ann.key, method: 'PUT', body: subscription(mine.endpoint) })).status).toBe(200);
    const taken = await api(base, '/api/me/browser-push', { key: bob.key, method: 'PUT', body: subscription(mine.endpoint) });
    expect(taken.status).toBe(409);
    expect((await api(base, '/api/me/browser-push', { key: ann.key })).body.subscriptions).toEqual([
      { endpoint: mine.endpoint, createdAt: first.body.createdAt },
    ]);
  });

  it('pushes each alert, encrypted and signed with the VAPID key, and removes subscriptions the push service dropped', async () => {
    const gone = subscription(`${push.origin}/gone/ann`);
    expect((await api(base, '/api/me/browser-push', { key: ann.key, method: 'PUT', body: gone })).status).toBe(200);
    await messaged(ann);
    const arrived = await until(() => push.requests.find((r) => r.path === '/ann'), { what: 'a push to /ann' });
    expect(arrived.headers['content-encoding']).toBe('aes128gcm');
    expect(arrived.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]{87}$/);
    expect(arrived.headers.ttl).toBe('86400');
    expect(arrived.bytes).toBeGreaterThan(100);

    await until(
      async () => {
        const { body } = await api(base, '/api/me/browser-push', { key: ann.key });
        return body.subscriptions.length === 1 || undefined;
      },
      { what: 'the dropped subscription to be removed' },
    );
    expect(push.requests.filter((r) => r.path === '/gone/ann')).toHaveLength(1);
    expect(push.requests.filter((r) => r.path === '/ann')).toHaveLength(1);
  });

  it('refuses endpoints that are not a push service’s with 400', async () => {
    const put = (endpoint: string) => api(base, '/api/me/browser-push', { key: ann.key, method: 'PUT', body: subscription(endpoint) });
    for (const endpoint of [
      'https://example.com/push',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:6443/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://notify.windows.com/w/?token=x',
      'https://fcm.googleapis.com.example.com/fcm/send/x',
      `${push.origin.replace('https://', 'https://user@')}/x`,
    ]) {
      const refused = await put(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.fields.endpoint, endpoint).toMatch(/push service/);
    }
    expect((await api(base, '/api/me/browser-push', { key: ann.key })).body.subscriptions.map((s: { endpoint: string }) => s.endpoint)).not.toContain(
      'https://example.com/push',
    );
  });

  it('keeps five browsers per member: a sixth replaces the oldest', async () => {
    const carol = await createMember(nats);
    const endpoints = Array.from({ length: 6 }, (_, i) => `${push.origin}/carol/${i}`);
    for (const endpoint of endpoints) {
      expect((await api(base, '/api/me/browser-push', { key: carol.key, method: 'PUT', body: subscription(endpoint) })).status).toBe(200);
    }
    const kept = (await api(base, '/api/me/browser-push', { key: carol.key })).body.subscriptions.map((s: { endpoint: string }) => s.endpoint);
    expect(kept.sort()).toEqual(endpoints.slice(1).sort());
  });

  it('refuses a push service host that resolves to a private address (a resolver that answers one)', async () => {
    const env = {
      WEB_PUSH_SUBJECT: 'mailto:ops@example.test',
      NODE_EXTRA_CA_CERTS: push.caFile,
      BROWSER_PUSH_TEST_ORIGIN: push.origin,
      BROWSER_PUSH_TEST_ADDRESS: '10.0.0.7',
    };
    await restart('notifications', env);
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc', 'https://wns2-par02p.notify.windows.com/w/?token=abc']) {
      const refused = await api(base, '/api/me/browser-push', { key: bob.key, method: 'PUT', body: subscription(endpoint) });
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body.fields.endpoint).toMatch(/public address/);
    }
    await restart('notifications', { ...env, BROWSER_PUSH_TEST_ADDRESS: '::ffff:127.0.0.1' });
    const mapped = await api(base, '/api/me/browser-push', { key: bob.key, method: 'PUT', body: subscription('https://web.push.apple.com/abc') });
    expect(mapped.status).toBe(400);
    // A public answer is taken.
    await restart('notifications', { ...env, BROWSER_PUSH_TEST_ADDRESS: '142.250.74.10' });
    const taken = await api(base, '/api/me/browser-push', { key: bob.key, method: 'PUT', body: subscription('https://fcm.googleapis.com/fcm/send/bob') });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    await api(base, '/api/me/browser-push', { key: bob.key, method: 'DELETE', body: { endpoint: 'https://fcm.googleapis.com/fcm/send/bob' } });
  });

  it("delivery checks again: an endpoint whose host now resolves inward, or that is no push service's, is removed unsent", async () => {
    // Rows as an older version or a host re-pointed after registration would have left them.
    await restart('notifications-worker', {
      WEB_PUSH_SUBJECT: 'mailto:ops@example.test',
      NODE_EXTRA_CA_CERTS: push.caFile,
      BROWSER_PUSH_TEST_ORIGIN: push.origin,
      BROWSER_PUSH_TEST_ADDRESS: '10.0.0.7',
    });
    const dave = await createMember(nats);
    const stale = ['https://fcm.googleapis.com/fcm/send/dave', 'https://example.com/dave'];
    for (const endpoint of stale) {
      const { keys } = subscription(endpoint);
      await dbQuery(db, 'INSERT INTO notifications.push_subscriptions (endpoint, member_id, p256dh, auth) VALUES ($1, $2, $3, $4)', [
        endpoint,
        dave.id,
        keys.p256dh,
        keys.auth,
      ]);
    }
    const kept = subscription(`${push.origin}/dave`);
    expect((await api(base, '/api/me/browser-push', { key: dave.key, method: 'PUT', body: kept })).status).toBe(200);
    await messaged(dave);
    await until(() => push.requests.find((r) => r.path === '/dave'), { what: 'a push to /dave' });
    await until(
      async () => {
        const rows = await dbQuery<{ endpoint: string }>(db, 'SELECT endpoint FROM notifications.push_subscriptions WHERE member_id = $1', [dave.id]);
        return rows.length === 1 || undefined;
      },
      { what: 'the stale endpoints to be removed' },
    );
    expect((await api(base, '/api/me/browser-push', { key: dave.key })).body.subscriptions.map((x: { endpoint: string }) => x.endpoint)).toEqual([
      kept.endpoint,
    ]);
  });

  it('DELETE removes only the caller’s own endpoint', async () => {
    const endpoint = `${push.origin}/ann`;
    const notMine = await api(base, '/api/me/browser-push', { key: bob.key, method: 'DELETE', body: { endpoint } });
    expect(notMine.body).toEqual({ removed: false });
    const mine = await api(base, '/api/me/browser-push', { key: ann.key, method: 'DELETE', body: { endpoint } });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ removed: true });
    expect((await api(base, '/api/me/browser-push', { key: ann.key })).body.subscriptions).toEqual([]);
    expect((await api(base, '/api/me/browser-push', { key: ann.key, method: 'DELETE', body: { endpoint: 'ftp://x' } })).status).toBe(400);
  });
});
