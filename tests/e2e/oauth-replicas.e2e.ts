import { CallerSigner } from '@marketplace/service-kit';
import { busCredentials, connectAs, CookieJar, createMember, mcp, pkcePair, registerAgent, signIn } from '@marketplace/testing';
import type { NatsConnection } from '@nats-io/transport-node';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const oauthKeys = inject('oauthKeys');
const REDIRECT = 'http://127.0.0.1:8976/callback';

/**
 * A second gateway replica (same public URL, same bus) started in the test process: a flow begun
 * on one replica is finished on the other, so nothing of it lives in gateway memory.
 */
describe('two gateway replicas', () => {
  let nc: NatsConnection;
  let replica: FastifyInstance;
  let other: string;

  beforeAll(async () => {
    nc = await connectAs(nats, 'gateway', 'e2e-gateway-replica');
    const { buildGateway } = await import('../../apps/gateway/dist/gateway.server.js');
    const signer = await CallerSigner.fromJwk(busCredentials().callerSigningKey);
    // Every replica is configured with the same OAuth keys (OAUTH_SIGNING_KEYS, OAUTH_COOKIE_KEYS).
    const { serverKeysFromEnv } = await import('../../apps/gateway/dist/oauth/server-keys.js');
    const keys = await serverKeysFromEnv({ OAUTH_SIGNING_KEYS: oauthKeys.signingKeys, OAUTH_COOKIE_KEYS: oauthKeys.cookieKeys });
    replica = await buildGateway({ nc, logger: pino({ level: 'silent' }), publicUrl: base, signer, oauthKeys: keys });
    await replica.listen({ port: 0, host: '127.0.0.1' });
    const address = replica.server.address();
    other = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await replica?.close();
    await nc?.drain();
  });

  it('register on one, authorize on the first, approve on the second, resume on the first, redeem on the second', async () => {
    const member = await createMember(nats);
    const { cookie } = await signIn(base, mailDir, { email: member.email });
    const jar = new CookieJar(cookie);
    const client = await registerAgent(other, { client_name: 'Replica agent' });
    const { verifier, challenge } = pkcePair();
    const authorize = new URL(`${base}/api/auth/oauth2/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      scope: 'agent:read agent:write',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      resource: `${base}/api/mcp`,
    }).toString();

    const start = await fetch(authorize, { redirect: 'manual' });
    jar.store(start);
    const interaction = new URL(start.headers.get('location')!, base).pathname;
    const page = await fetch(`${other}${interaction}`, { headers: { cookie: jar.header(`${other}${interaction}`) } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Replica agent');
    const confirm = await fetch(`${other}${interaction}/confirm`, {
      method: 'POST',
      redirect: 'manual',
      body: '',
      headers: { cookie: jar.header(`${other}${interaction}`), origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirm.status).toBe(303);
    jar.store(confirm);
    const resumeUrl = new URL(confirm.headers.get('location')!, base).toString();
    const resume = await fetch(resumeUrl, { headers: { cookie: jar.header(resumeUrl) }, redirect: 'manual' });
    const back = new URL(resume.headers.get('location')!);
    const code = back.searchParams.get('code');
    expect(code).toBeTruthy();

    const token = await fetch(`${other}/api/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: code!,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
        client_id: client.client_id,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token: accessToken } = (await token.json()) as { access_token: string };
    for (const gateway of [base, other]) {
      const res = await mcp(gateway, 'tools/call', { name: 'list_my_jobs', arguments: {} }, accessToken);
      expect(res.status).toBe(200);
      expect(res.body.result.isError).toBeFalsy();
    }
  });
});
