import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';

import { api, createMembers, mailTo, mcp, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const zoneFile = inject('dnsZoneFile');
const mailDir = inject('mailDir');

/** Points a name at addresses on the DNS server the system looks members' hosts up with (a DNS change). */
function pointName(name: string, addresses: string[]): void {
  const zone = JSON.parse(readFileSync(zoneFile, 'utf8')) as Record<string, string[]>;
  zone[name] = addresses;
  writeFileSync(`${zoneFile}.next`, JSON.stringify(zone));
  renameSync(`${zoneFile}.next`, zoneFile);
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
interface Receiver {
  url: string;
  received: Received[];
  server: Server;
}

const servers: Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve)))));

/** A receiver on 127.0.0.1; `answer` picks each reply's status (200 unless told). */
async function receiver(answer: (n: number) => number = () => 200): Promise<Receiver> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = answer(received.length);
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received, server };
}

async function register(member: TestMember, url: string, events?: string[]): Promise<{ id: string; secret: string }> {
  const res = await api(base, '/api/me/webhooks', { key: member.key, body: { url, ...(events ? { events } : {}) } });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

function verified(secret: string, r: Received): { type: string; data: Record<string, unknown> } {
  const headers = {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  };
  return new Webhook(secret).verify(r.body, headers) as { type: string; data: Record<string, unknown> };
}

const deliveries = async (member: TestMember, id: string) => (await api(base, `/api/me/webhooks/${id}/deliveries`, { key: member.key })).body.deliveries;

describe('webhooks', () => {
  it('a hire, a message and a turned-in round arrive once per endpoint, signed; the poster stays anonymous', async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const [w1, w2, p1] = [await receiver(), await receiver(), await receiver()];
    const hooks = {
      w1: await register(worker, w1.url),
      w2: await register(worker, w2.url, ['application.accepted', 'message.sent']),
      p1: await register(poster, p1.url, []),
    };
    expect(hooks.w1.secret).toMatch(/^whsec_/);
    const listed = (await api(base, '/api/me/webhooks', { key: worker.key })).body.webhooks;
    expect(listed).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(hooks.w1.secret);

    const job = (
      await api(base, '/api/me/jobs', {
        key: poster.key,
        body: { title: 'Tag sixty songs', category: 'data', constraints: 'Genre tags.', posterVisibility: 'anonymous' },
      })
    ).body;
    const app = (
      await api(base, `/api/jobs/${job.id}/applications`, {
        key: worker.key,
        body: { pitch: 'I tag.', acceptResponsibility: true, model: 'test-model-1' },
      })
    ).body;
    expect((await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);
    expect((await api(base, '/api/messages', { key: poster.key, body: { applicationId: app.id, body: 'Go ahead.' } })).status).toBe(201);
    expect((await api(base, `/api/jobs/${job.id}/submissions`, { key: worker.key, body: { body: 'Sixty tags.', model: 'test-model-1' } })).status).toBe(201);

    const typesOf = (r: Receiver, secret: string) => r.received.map((x) => verified(secret, x).type);
    await until(
      () =>
        typesOf(w1, hooks.w1.secret).includes('message.sent') &&
        typesOf(w2, hooks.w2.secret).includes('message.sent') &&
        typesOf(p1, hooks.p1.secret).includes('work.submitted'),
      { what: 'the deliveries' },
    );
    await new Promise((r) => setTimeout(r, 500));
    const once = (types: string[], type: string) =>
      expect(
        types.filter((t) => t === type),
        type,
      ).toHaveLength(1);
    once(typesOf(w1, hooks.w1.secret), 'application.accepted');
    once(typesOf(w1, hooks.w1.secret), 'message.sent');
    once(typesOf(w2, hooks.w2.secret), 'application.accepted');
    once(typesOf(w2, hooks.w2.secret), 'message.sent');
    expect(typesOf(w2, hooks.w2.secret).every((t) => ['application.accepted', 'message.sent'].includes(t))).toBe(true);
    once(typesOf(p1, hooks.p1.secret), 'work.submitted');
    for (const r of [w1, w2, p1]) expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(r.received.length);
    // Another endpoint's secret does not verify.
    expect(() => verified(hooks.w2.secret, w1.received[0]!)).toThrow();
    expect(w1.received.map((x) => x.body).join('')).not.toContain(poster.id);
    expect(w1.received.map((x) => x.body).join('')).not.toContain(poster.email);

    // The log shows them delivered; ping and redeliver keep the delivery's id.
    const log = await deliveries(worker, hooks.w1.id);
    expect(log.every((d: { status: string }) => d.status === 'delivered')).toBe(true);
    const ping = await api(base, `/api/me/webhooks/${hooks.w1.id}/ping`, { key: worker.key, method: 'POST' });
    expect(ping.status).toBe(200);
    await until(() => w1.received.some((x) => x.headers['webhook-id'] === ping.body.id), { what: 'the ping' });
    const again = await api(base, `/api/me/webhooks/${hooks.w1.id}/deliveries/${ping.body.id}/redeliver`, { key: worker.key, method: 'POST' });
    expect(again.status).toBe(200);
    await until(() => w1.received.filter((x) => x.headers['webhook-id'] === ping.body.id).length === 2, { what: 'the redelivery' });
    expect((await api(base, `/api/me/webhooks/${hooks.w1.id}/deliveries`, { key: poster.key })).status).toBe(404);
    expect((await api(base, `/api/me/webhooks/${hooks.w1.id}`, { key: worker.key, method: 'DELETE' })).body).toEqual({ removed: true });
  });

  it('500 three times then 200: the same webhook-id each time, then delivered; a receiver that is down leaves it pending', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    const flaky = await receiver((n) => (n <= 3 ? 500 : 200));
    const hook = await register(member, flaky.url);
    const ping = (await api(base, `/api/me/webhooks/${hook.id}/ping`, { key: member.key, method: 'POST' })).body;
    await until(() => flaky.received.length >= 4, { what: 'four attempts', timeoutMs: 20_000 });
    expect(flaky.received.map((x) => x.headers['webhook-id'])).toEqual([ping.id, ping.id, ping.id, ping.id]);
    for (const r of flaky.received) expect(verified(hook.secret, r).type).toBe('webhook.ping');
    const done = await until(
      async () => {
        const d = (await deliveries(member, hook.id)).find((x: { id: string }) => x.id === ping.id);
        return d?.status === 'delivered' ? d : undefined;
      },
      { what: 'delivered' },
    );
    expect(done).toMatchObject({ attempts: 4, lastStatusCode: 200 });

    const down = await receiver();
    await new Promise((resolve) => down.server.close(resolve));
    const downHook = await register(member, down.url);
    const lost = (await api(base, `/api/me/webhooks/${downHook.id}/ping`, { key: member.key, method: 'POST' })).body;
    const pending = await until(
      async () => {
        const d = (await deliveries(member, downHook.id)).find((x: { id: string }) => x.id === lost.id);
        return d && d.attempts >= 2 ? d : undefined;
      },
      { what: 'failed attempts' },
    );
    expect(pending).toMatchObject({ status: 'pending', lastStatusCode: null });
    expect(pending.lastError).toBeTruthy();
    expect(pending.nextAttemptAt).toBeTruthy();
  });

  it('an endpoint answering 410 is disabled and its member is told by an alert and by email, whatever their switches', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    // Every email switch off: an account notice is still emailed.
    const off = await api(base, '/api/me/contact-notifications', {
      key: member.key,
      method: 'PATCH',
      body: { comments: false, preferredWorker: false, applications: false, hiringAndWork: false, messages: false },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const gone = await receiver(() => 410);
    const hook = await register(member, gone.url);
    const ping = (await api(base, `/api/me/webhooks/${hook.id}/ping`, { key: member.key, method: 'POST' })).body;
    const disabled = await until(
      async () => {
        const w = (await api(base, '/api/me/webhooks', { key: member.key })).body.webhooks[0];
        return w.status === 'disabled' ? w : undefined;
      },
      { what: 'the endpoint disabled' },
    );
    expect(disabled.disabledReason).toBe('gone');
    expect((await deliveries(member, hook.id))[0]).toMatchObject({ id: ping.id, status: 'failed', lastStatusCode: 410, attempts: 1 });
    const seen: { kind: string; message: string }[] = [];
    const alert = await until(
      async () => {
        const r = await api(base, '/api/me/notifications/deliver', { key: member.key, method: 'POST' });
        seen.push(...r.body.conversations.flatMap((c: { alerts: { kind: string; message: string }[] }) => c.alerts));
        return seen.find((a) => a.kind === 'webhook.disabled');
      },
      { what: 'the webhook.disabled alert' },
    );
    expect(alert.message).toContain(gone.url);
    const mail = await until(async () => (await mailTo(mailDir, member.email)).find((m) => m.text.includes(gone.url)), {
      what: 'the email about the disabled endpoint',
    });
    expect(mail.text).toContain('was disabled: it answered 410 Gone');
    expect(mail.text).toContain('This is a notice about your account.');
    expect(mail.text).not.toContain('turn off at');
    expect((await api(base, `/api/me/webhooks/${hook.id}/ping`, { key: member.key, method: 'POST' })).status).toBe(409);
  });

  it("a tarpit holds no more than its share: another member's pings keep their pace; attempts are counted first and cut at the deadline", async () => {
    const [slow, quick] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    // Never ends and is never idle: on /a it answers a status line, then one header byte every two
    // seconds; on /b it sends the status line itself a byte every two seconds.
    const open = new Set<Socket>();
    const lifetimes: { opened: number; closed?: number }[] = [];
    let peak = 0;
    const tarpit = createTcpServer((socket) => {
      const life: { opened: number; closed?: number } = { opened: Date.now() };
      lifetimes.push(life);
      open.add(socket);
      peak = Math.max(peak, open.size);
      socket.on('error', () => undefined);
      let drip: string[] = [];
      const timer = setInterval(() => {
        if (!socket.destroyed) socket.write(drip.shift() ?? 'X');
      }, 2_000);
      socket.on('close', () => {
        clearInterval(timer);
        open.delete(socket);
        life.closed = Date.now();
      });
      socket.once('data', (chunk: Buffer) => {
        if (chunk.toString('latin1').startsWith('POST /b')) drip = [...'HTTP/1.1 200 OK\r\n'];
        else socket.write('HTTP/1.1 200 OK\r\n');
      });
    });
    await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
    const tarpitUrl = `http://127.0.0.1:${(tarpit.address() as AddressInfo).port}`;
    try {
      const hooks = [await register(slow, `${tarpitUrl}/a`), await register(slow, `${tarpitUrl}/b`)];
      for (let i = 0; i < 40; i++) {
        const ping = await api(base, `/api/me/webhooks/${hooks[i % 2]!.id}/ping`, { key: slow.key, method: 'POST' });
        expect(ping.status).toBe(200);
      }
      await until(() => (open.size >= 2 ? true : undefined), { what: 'the tarpit holding attempts' });

      // Every attempt the tarpit has seen is already counted on its delivery, though none has ended.
      const seen = lifetimes.length;
      const attemptsOf = async () => {
        const rows = [...(await deliveries(slow, hooks[0]!.id)), ...(await deliveries(slow, hooks[1]!.id))] as { attempts: number }[];
        return rows.reduce((n, d) => n + d.attempts, 0);
      };
      expect(await attemptsOf()).toBeGreaterThanOrEqual(seen);

      const good = await receiver();
      const goodHook = await register(quick, good.url);
      for (let i = 0; i < 3; i++) {
        const started = Date.now();
        const ping = (await api(base, `/api/me/webhooks/${goodHook.id}/ping`, { key: quick.key, method: 'POST' })).body;
        await until(() => good.received.some((x) => x.headers['webhook-id'] === ping.id), { what: "the other member's ping", timeoutMs: 5_000 });
        expect(Date.now() - started, `ping ${i + 1}`).toBeLessThan(3_000);
      }
      // At most WEBHOOK_IN_FLIGHT_PER_MEMBER (4) of the slow member's attempts at once, two per endpoint.
      expect(peak).toBeLessThanOrEqual(4);

      // Each attempt is cut at the deadline (10 s), whatever the endpoint keeps sending, status line or headers.
      for (const hook of hooks) {
        const cut = await until(async () => (await deliveries(slow, hook.id)).find((d: { lastError: string | null }) => d.lastError), {
          // Slow polls: the member's key allows 120 requests a minute, and 40 went on pings.
          what: 'an attempt cut at the deadline',
          timeoutMs: 25_000,
          intervalMs: 500,
        });
        expect(cut).toMatchObject({ status: 'pending', lastStatusCode: null });
        expect(cut.attempts).toBeGreaterThanOrEqual(1);
        expect(cut.lastError).toMatch(/no answer within 10 s/);
      }
      // No socket outlives the deadline (with a second and a half for scheduling), open or closed.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const now = Date.now();
      const longest = Math.max(...lifetimes.map((l) => (l.closed ?? now) - l.opened));
      expect(longest).toBeLessThan(11_500);
      expect(lifetimes.filter((l) => l.closed !== undefined).length).toBeGreaterThanOrEqual(2);
      expect(open.size).toBeLessThanOrEqual(4);
      expect(await attemptsOf()).toBeGreaterThanOrEqual(lifetimes.length);
    } finally {
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => tarpit.close(resolve));
    }
  }, 90_000);

  it('a redelivery asked for while an attempt is in flight waits for it: one attempt of a delivery at a time', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    // Answers 200 after a second and a half, counting attempts of one webhook-id in flight at once.
    const flying = new Map<string, number>();
    let most = 0;
    const ids: string[] = [];
    const server = createServer((req, res) => {
      const id = String(req.headers['webhook-id']);
      ids.push(id);
      flying.set(id, (flying.get(id) ?? 0) + 1);
      most = Math.max(most, flying.get(id)!);
      req.resume();
      setTimeout(() => {
        flying.set(id, flying.get(id)! - 1);
        res.end('ok');
      }, 1_500);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const hook = await register(member, `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`);
    const ping = (await api(base, `/api/me/webhooks/${hook.id}/ping`, { key: member.key, method: 'POST' })).body;
    await until(() => ids.length > 0, { what: 'the first attempt under way' });
    expect((await api(base, `/api/me/webhooks/${hook.id}/deliveries/${ping.id}/redeliver`, { key: member.key, method: 'POST' })).status).toBe(200);
    const done = await until(
      async () => {
        const d = (await deliveries(member, hook.id)).find((x: { id: string }) => x.id === ping.id);
        return d?.status === 'delivered' ? d : undefined;
      },
      { what: 'delivered', intervalMs: 250 },
    );
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(most).toBe(1);
    expect(ids.every((id) => id === ping.id)).toBe(true);
    expect(done.attempts).toBe(ids.length);
  });

  it('pings and redeliveries are limited per member (429 with Retry-After), as are registrations, removals and access revocations', async () => {
    // One member per limit: each key also allows only 120 requests a minute.
    const [member, changer, revoker] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const policy = (await api(base, '/api/safety-policy')).body.writeLimits as { name: string; max: number; bucket: string }[];
    const limit = (name: string) => policy.find((l) => l.name === name)!.max;
    const r = await receiver();
    const hook = await register(member, r.url);
    const first = (await api(base, `/api/me/webhooks/${hook.id}/ping`, { key: member.key, method: 'POST' })).body;
    for (let i = 1; i < limit('webhookSends'); i++) {
      const ok =
        i % 2
          ? await api(base, `/api/me/webhooks/${hook.id}/deliveries/${first.id}/redeliver`, { key: member.key, method: 'POST' })
          : await api(base, `/api/me/webhooks/${hook.id}/ping`, { key: member.key, method: 'POST' });
      expect(ok.status, `send ${i + 1}`).toBe(200);
    }
    for (const refused of [
      await api(base, `/api/me/webhooks/${hook.id}/ping`, { key: member.key, method: 'POST' }),
      await api(base, `/api/me/webhooks/${hook.id}/deliveries/${first.id}/redeliver`, { key: member.key, method: 'POST' }),
    ]) {
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(refused.body.error).toMatch(/webhook pings and redeliveries/);
    }

    // Registering and removing count together.
    let current = '';
    for (let i = 0; i < limit('webhookChanges'); i++) {
      if (i % 2) {
        expect((await api(base, `/api/me/webhooks/${current}`, { key: changer.key, method: 'DELETE' })).body, `change ${i + 1}`).toEqual({ removed: true });
      } else {
        current = (await register(changer, r.url)).id;
      }
    }
    const tooMany = await api(base, '/api/me/webhooks', { key: changer.key, body: { url: r.url } });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.error).toMatch(/registering and removing webhook endpoints/);

    // Revoking keys counts, even a key that is not there (the count comes before the look-up).
    for (let i = 0; i < limit('accessRevocations'); i++) {
      expect((await api(base, `/api/me/api-keys/${randomUUID()}`, { key: revoker.key, method: 'DELETE' })).status, `revocation ${i + 1}`).toBe(404);
    }
    const revoke = await api(base, `/api/me/api-keys/${randomUUID()}`, { key: revoker.key, method: 'DELETE' });
    expect(revoke.status).toBe(429);
    expect(revoke.body.error).toMatch(/revoking API keys/);
    expect(revoke.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 90_000);

  it('private, link-local and non-https addresses are refused; tools register and list', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    // IPv6 forms that embed a private IPv4 address (compatible dotted and hex, mapped dotted and hex, translated, NAT64,
    // 6to4, Teredo with client 10.0.0.1 XORed) are no way around it; nor are the other special IPv6 ranges, nor
    // 10.0.0.1 written in hex, octal or as one integer (127.0.0.1 so written is this test system's allowed loopback).
    const embedded = [
      'https://[::127.0.0.1]/x',
      'https://[::7f00:1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[::ffff:7f00:1]/x',
      'https://[::ffff:0:a00:1]/x',
      'https://[64:ff9b::a00:1]/x',
      'https://[64:ff9b::127.0.0.1]/x',
      'https://[64:ff9b:1::a00:1]/x',
      'https://[2002:a00:1::1]/x',
      'https://[2001:0:4136:e378:8000:63bf:f5ff:fffe]/x',
      'https://[::]/x',
      'https://[fe80::1]/x',
      'https://[ff02::1]/x',
      'https://[fec0::1]/x',
      'https://0xa.1/x',
      'https://012.0.0.1/x',
      'https://167772161/x',
      'https://0.0.0.0/x',
    ];
    for (const url of [
      'https://10.0.0.1/hook',
      'https://169.254.169.254/latest',
      'http://10.0.0.1/hook',
      'https://[fd00::1]/x',
      'ftp://example.com/x',
      'https://localhost.localdomain.invalid/x',
      ...embedded,
    ]) {
      const res = await api(base, '/api/me/webhooks', { key: member.key, body: { url } });
      expect(res.status, url).toBe(400);
      expect(res.body.fields?.url, url).toBeTruthy();
    }
    expect((await api(base, '/api/me/webhooks', { key: member.key, body: { url: 'http://127.0.0.1:9/x', events: ['no.such_kind'] } })).status).toBe(400);

    const token = await mcpToken(member);
    const r = await receiver();
    const made = toolOutcome(await mcp(base, 'tools/call', { name: 'create_webhook', arguments: { url: r.url, events: ['message.sent'] } }, token));
    expect(made.secret).toMatch(/^whsec_/);
    const listed = toolOutcome(await mcp(base, 'tools/call', { name: 'list_webhooks', arguments: {} }, token));
    expect(listed.webhooks.map((w: { id: string }) => w.id)).toEqual([made.id]);
    const ping = toolOutcome(await mcp(base, 'tools/call', { name: 'ping_webhook', arguments: { webhook_id: made.id } }, token));
    await until(() => r.received.some((x) => x.headers['webhook-id'] === ping.id), { what: 'the ping' });
    const log = toolOutcome(await mcp(base, 'tools/call', { name: 'list_webhook_deliveries', arguments: { webhook_id: made.id } }, token));
    expect(log.deliveries[0].id).toBe(ping.id);
  });

  it('a name whose DNS answers an IPv6 address embedding a private IPv4 address is refused', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    for (const answer of ['::a00:1', '::ffff:a00:1', '64:ff9b::a00:1', '2002:a00:1::', '2001:0:4136:e378:8000:63bf:f5ff:fffe']) {
      const name = `embedded-${randomUUID().slice(0, 8)}.shop.example.org`;
      pointName(name, ['93.184.216.34', answer]);
      const res = await api(base, '/api/me/webhooks', { key: member.key, body: { url: `https://${name}/hook` } });
      expect(res.status, answer).toBe(400);
      expect(res.body.fields?.url, answer).toMatch(/public/);
    }
  });

  it('a name that resolved to a public address at registration and to a private one at delivery is refused at delivery', async () => {
    const [member] = (await createMembers(nats, 1)) as [TestMember];
    const name = `hooks-${randomUUID().slice(0, 8)}.shop.example.org`;
    // Resolving to a private address at registration: refused then.
    pointName(name, ['10.0.0.7']);
    const early = await api(base, '/api/me/webhooks', { key: member.key, body: { url: `https://${name}/hook` } });
    expect(early.status).toBe(400);
    expect(early.body.fields.url).toMatch(/public/);
    // Public at registration: taken.
    pointName(name, ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946']);
    const hook = await api(base, '/api/me/webhooks', { key: member.key, body: { url: `https://${name}/hook` } });
    expect(hook.status, JSON.stringify(hook.body)).toBe(201);
    // Then the name is re-pointed inward (DNS rebinding): the delivery's own connection is refused before it connects.
    pointName(name, ['127.0.0.1']);
    const ping = await api(base, `/api/me/webhooks/${hook.body.id}/ping`, { key: member.key, method: 'POST' });
    expect(ping.status).toBe(200);
    const refused = await until(
      async () => {
        const found = ((await deliveries(member, hook.body.id)) as { id: string; status: string; lastError: string | null; attempts: number }[]).find(
          (d) => d.id === ping.body.id,
        );
        return found && found.attempts > 0 ? found : undefined;
      },
      { what: 'the delivery attempt' },
    );
    expect(refused).toMatchObject({ status: 'pending', lastError: 'The endpoint host resolves to an address that is not public.' });
    // Pointed at nothing at all: unknown to DNS reads as refused at registration, not as an outage.
    expect((await api(base, '/api/me/webhooks', { key: member.key, body: { url: `https://nx-${name}/hook` } })).status).toBe(400);
  });
});
