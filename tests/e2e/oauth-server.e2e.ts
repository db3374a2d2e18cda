import { createPrivateKey, randomUUID } from 'node:crypto';

import { api, approveInBrowser, createMember, mcp, pkcePair, registerAgent, signIn, type TestMember } from '@marketplace/testing';
import { importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');

/** The authorization server's own signing key: the first of the gateway's OAUTH_SIGNING_KEYS (tests only). */
async function serverSigningKey(): Promise<{ kid: string; key: CryptoKey | Uint8Array }> {
  const jwk = JSON.parse(inject('oauthKeys').signingKeys)[0];
  return { kid: jwk.kid, key: await importJWK(jwk, 'RS256') };
}

async function accessToken(claims: Record<string, unknown>, opts: { exp?: number; aud?: string; key?: { kid: string; key: CryptoKey | Uint8Array } } = {}) {
  const signing = opts.key ?? (await serverSigningKey());
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'agent:read agent:write', client_id: 'forged', gid: randomUUID(), ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: signing.kid })
    .setIssuer(base)
    .setAudience(opts.aud ?? `${base}/api/mcp`)
    .setSubject(String(claims.sub ?? randomUUID()))
    .setIssuedAt(now - 7200)
    .setExpirationTime(opts.exp ?? now + 600)
    .setJti(randomUUID())
    .sign(signing.key);
}

function authorizeUrl(params: Record<string, string>): string {
  const url = new URL(`${base}/api/auth/oauth2/authorize`);
  url.search = new URLSearchParams({ response_type: 'code', scope: 'agent:read', ...params }).toString();
  return url.toString();
}

describe('OAuth discovery', () => {
  it('protected resource metadata names /api/mcp, its authorization server and scopes', async () => {
    for (const path of ['/.well-known/oauth-protected-resource/api/mcp', '/.well-known/oauth-protected-resource']) {
      const res = await api(base, path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        resource: `${base}/api/mcp`,
        authorization_servers: [base],
        bearer_methods_supported: ['header'],
      });
      expect(res.body.scopes_supported).toEqual(expect.arrayContaining(['agent:read', 'agent:write', 'offline_access']));
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
  });

  it('authorization server metadata: endpoints, PKCE S256, registration, metadata documents', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/openid-configuration']) {
      const res = await api(base, path);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        issuer: base,
        authorization_endpoint: `${base}/api/auth/oauth2/authorize`,
        token_endpoint: `${base}/api/auth/oauth2/token`,
        registration_endpoint: `${base}/api/auth/oauth2/register`,
        jwks_uri: `${base}/api/auth/oauth2/jwks`,
        revocation_endpoint: `${base}/api/auth/oauth2/revoke`,
        code_challenge_methods_supported: ['S256'],
        client_id_metadata_document_supported: true,
        // RFC 9207: the authorization response names its issuer, so a client cannot be mixed up.
        authorization_response_iss_parameter_supported: true,
      });
      expect(res.body.scopes_supported).toEqual(expect.arrayContaining(['openid', 'profile', 'email', 'offline_access', 'agent:read', 'agent:write']));
      expect(res.body.grant_types_supported).toEqual(expect.arrayContaining(['authorization_code', 'refresh_token']));
      expect(res.body.token_endpoint_auth_methods_supported).toContain('private_key_jwt');
    }
    const jwks = await api(base, '/api/auth/oauth2/jwks');
    expect(jwks.body.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256' });
    // The keys come from the gateway's OAUTH_SIGNING_KEYS (npm start and the tests generate them per launch).
    expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).toEqual(JSON.parse(inject('oauthKeys').signingKeys).map((k: { kid: string }) => k.kid));
    expect(jwks.body.keys[0].d).toBeUndefined();
  });

  it('a 401 from /api/mcp names the metadata document and the scopes to ask for', async () => {
    const res = await mcp(base, 'tools/call', { name: 'post_job', arguments: {} });
    expect(res.status).toBe(401);
    const challenge = res.headers.get('www-authenticate') ?? '';
    expect(challenge).toMatch(/^Bearer /);
    expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(challenge).toContain('scope="offline_access agent:read agent:write"');
  });
});

describe('authorization requests', () => {
  it('refuses a request without a PKCE challenge on its own page, not by a redirect to the client', async () => {
    const client = await registerAgent(base);
    const res = await fetch(authorizeUrl({ client_id: client.client_id, redirect_uri: client.redirect_uris[0]! }), { redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    const page = await res.text();
    expect(page).toMatch(/invalid_request/);
    expect(page).toMatch(/PKCE/);
  });

  it('refuses a redirect URI that was not registered, without redirecting to it', async () => {
    const client = await registerAgent(base, { application_type: 'web', redirect_uris: ['https://agent.example/callback'] });
    const { challenge } = pkcePair();
    const res = await fetch(
      authorizeUrl({
        client_id: client.client_id,
        redirect_uri: 'https://agent.example/callback/other',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toMatch(/redirect_uri/);
  });

  it("errors of the first request are answered on the server's own page, never by a redirect (RFC 9700 4.11.2)", async () => {
    const { challenge } = pkcePair();
    const elsewhere = 'https://attacker.example/callback';
    const notRedirected = async (params: Record<string, string>) => {
      const res = await fetch(authorizeUrl(params), { redirect: 'manual' });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      return res.text();
    };
    // An unknown client id, with or without an error of its own in the request (no PKCE here).
    expect(await notRedirected({ client_id: `unknown-${randomUUID()}`, redirect_uri: elsewhere })).toMatch(/invalid_client/);
    expect(
      await notRedirected({
        client_id: `unknown-${randomUUID()}`,
        redirect_uri: elsewhere,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    ).toMatch(/invalid_client/);
    // A registered client with a request error (no PKCE, an unsupported response type, a bad
    // resource) and a redirect URI it did not register: the error page, not a redirect.
    const client = await registerAgent(base, { application_type: 'web', redirect_uris: ['https://agent.example/callback'] });
    expect(await notRedirected({ client_id: client.client_id, redirect_uri: elsewhere })).toMatch(/redirect_uri/);
    expect(await notRedirected({ client_id: client.client_id, redirect_uri: elsewhere, response_type: 'token' })).toMatch(/redirect_uri/);
    expect(
      await notRedirected({
        client_id: client.client_id,
        redirect_uri: elsewhere,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: 'https://elsewhere.example/api',
      }),
    ).toMatch(/redirect_uri/);
    // Two registered URIs and none named: nothing to redirect to.
    const two = await registerAgent(base, { application_type: 'web', redirect_uris: ['https://agent.example/a', 'https://agent.example/b'] });
    expect(await notRedirected({ client_id: two.client_id })).toMatch(/redirect_uri/);
    // Client and redirect URI valid: anyone can register a client, so an error of the first request
    // still stays on this server's page (RFC 9700 4.11.2), or a link here would bounce people to any
    // site that registered itself. Declining on the consent page does go back (oauth-flow.e2e.ts).
    const registered = 'https://agent.example/callback';
    expect(await notRedirected({ client_id: client.client_id, redirect_uri: registered, state: 's1' })).toMatch(/invalid_request/);
    expect(
      await notRedirected({
        client_id: client.client_id,
        redirect_uri: registered,
        response_type: 'token',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
    ).toMatch(/unsupported_response_type/);
  });

  it("a malformed first request stays on the server's page in any response mode; declining still goes back with access_denied", async () => {
    const registered = 'https://agent.example/callback';
    const client = await registerAgent(base, { application_type: 'web', redirect_uris: [registered] });
    const { challenge } = pkcePair();
    const valid = { client_id: client.client_id, redirect_uri: registered, code_challenge: challenge, code_challenge_method: 'S256', state: 's1' };
    const malformed: [Record<string, string>, RegExp][] = [
      [{ response_type: 'token' }, /unsupported_response_type/],
      [{ response_type: 'code id_token' }, /unsupported_response_type/],
      [{ code_challenge_method: 'plain' }, /invalid_request/],
      [{ code_challenge: 'too-short' }, /invalid_request/],
      [{ code_challenge: '' }, /invalid_request/],
      [{ resource: 'https://elsewhere.example/api' }, /invalid_target/],
      [{ prompt: 'none' }, /login_required/],
      [{ request: 'not-a-request-object' }, /request_not_supported/],
    ];
    const stayedHome = async (res: Response, error: RegExp, what: string) => {
      expect(res.status, `${what} -> ${res.headers.get('location')}`).toBe(400);
      expect(res.headers.get('location'), what).toBeNull();
      expect(res.headers.get('content-type'), what).toMatch(/^text\/html/);
      const page = await res.text();
      expect(page, what).toMatch(error);
      // No auto-submitting form (form_post) or link to the client either.
      expect(page, what).not.toContain('agent.example');
    };
    for (const [change, error] of malformed) {
      for (const mode of [undefined, 'query', 'fragment', 'form_post']) {
        const params = { response_type: 'code', scope: 'agent:read', ...valid, ...(mode ? { response_mode: mode } : {}), ...change };
        const what = `${JSON.stringify(change)} ${mode ?? ''}`;
        // A response mode may be refused for the response type first: any error, so long as it is told here.
        await stayedHome(await fetch(authorizeUrl(params), { redirect: 'manual' }), mode ? /Error code: <code>[a-z_]+<\/code>/ : error, what);
      }
    }
    // The endpoint takes GET only, so a form on another site cannot POST a request here to bounce from either.
    const posted = await fetch(`${base}/api/auth/oauth2/authorize`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ response_type: 'token', response_mode: 'form_post', ...valid }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example' },
    });
    expect(posted.status).toBe(404);
    expect(posted.headers.get('location')).toBeNull();
    expect(await posted.text()).not.toContain('agent.example');
    // The same request, well formed, reaches the consent page; the person declines and the client is told.
    const member = await createMember(nats);
    const { cookie } = await signIn(base, mailDir, { email: member.email });
    const back = await approveInBrowser(authorizeUrl(valid), cookie, { decision: 'refuse' });
    expect(`${back.origin}${back.pathname}`).toBe(registered);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('native clients may use any loopback port; web clients need the exact URI', async () => {
    const { challenge } = pkcePair();
    const native = await registerAgent(base, { redirect_uris: ['http://127.0.0.1:8976/callback'] });
    const other = await fetch(
      authorizeUrl({
        client_id: native.client_id,
        redirect_uri: 'http://127.0.0.1:51234/callback',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(other.status).toBe(303);
    expect(other.headers.get('location')).toMatch(/^\/api\/auth\/oauth2\/interaction\//);
    const web = await registerAgent(base, { application_type: 'web', redirect_uris: ['http://localhost:8976/callback'] });
    const refused = await fetch(
      authorizeUrl({
        client_id: web.client_id,
        redirect_uri: 'http://localhost:51234/callback',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    expect(refused.status).toBe(400);
  });

  it('refuses a resource other than /api/mcp (invalid_target) on its own page', async () => {
    const client = await registerAgent(base);
    const { challenge } = pkcePair();
    const res = await fetch(
      authorizeUrl({
        client_id: client.client_id,
        redirect_uri: client.redirect_uris[0]!,
        code_challenge: challenge,
        code_challenge_method: 'S256',
        resource: 'https://elsewhere.example/api',
      }),
      { redirect: 'manual' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toMatch(/invalid_target/);
  });

  it('an unsigned-in human on the consent page is sent to sign in and brought back', async () => {
    const client = await registerAgent(base);
    const { challenge } = pkcePair();
    const res = await fetch(
      authorizeUrl({
        client_id: client.client_id,
        redirect_uri: client.redirect_uris[0]!,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      }),
      { redirect: 'manual' },
    );
    const interaction = new URL(res.headers.get('location')!, base);
    const cookies = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(interaction, { headers: { cookie: cookies }, redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe(`/sign-in?next=${encodeURIComponent(interaction.pathname)}`);
    const expired = await fetch(interaction, { redirect: 'manual' });
    expect(expired.status).toBe(400);
    expect(await expired.text()).toMatch(/expired/);
  });
});

describe('MCP access tokens', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats);
  });

  const call = (token: string) => mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, token);

  it('refuses an expired token, a token for another audience, a forged signature and a token whose grant does not exist', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await accessToken({ sub: member.id }, { exp: now - 60 });
    const otherAudience = await accessToken({ sub: member.id }, { aud: `${base}/api/other` });
    const { privateKey } = await import('node:crypto').then((c) => c.generateKeyPairSync('rsa', { modulusLength: 2048 }));
    const forged = await accessToken(
      { sub: member.id },
      { key: { kid: 'x', key: createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' })) as unknown as CryptoKey } },
    );
    const noGrant = await accessToken({ sub: member.id });
    for (const token of [expired, otherAudience, forged, noGrant, 'not-a-jwt']) {
      const res = await call(token);
      expect(res.status).toBe(401);
      const challenge = res.headers.get('www-authenticate') ?? '';
      expect(challenge).toContain('error="invalid_token"');
      expect(challenge).toContain(`resource_metadata="${base}/.well-known/oauth-protected-resource/api/mcp"`);
    }
  });

  it('an API key on /api/mcp is refused with a challenge', async () => {
    const res = await call(member.key);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
  });
});
