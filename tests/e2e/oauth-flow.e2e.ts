import { createHash, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';

import {
  api,
  approveInBrowser,
  connectAgent,
  connectAs,
  CookieJar,
  createMember,
  dbQuery,
  mcp,
  pkcePair,
  registerAgent,
  signIn,
  type TestMember,
  toolError,
  toolResult,
} from '@marketplace/testing';
import { auth, type OAuthClientProvider, UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { jetstream } from '@nats-io/jetstream';
import { exportJWK, generateKeyPair } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const mailDir = inject('mailDir');
const metadataPort = inject('clientMetadataPort');
const resource = `${base}/api/mcp`;
const REDIRECT = 'http://127.0.0.1:8976/callback';

/** An MCP client's OAuth state, kept in memory; the "browser" is the test itself. */
class HeadlessProvider implements OAuthClientProvider {
  info: OAuthClientInformationMixed | undefined;
  saved: OAuthTokens | undefined;
  verifier = '';
  authorizationUrl: URL | undefined;
  readonly redirectUrl = REDIRECT;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'SDK agent',
    redirect_uris: [REDIRECT],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

async function tokenRequest(params: Record<string, string>) {
  const res = await fetch(`${base}/api/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

/** The authorization endpoint's address for a PKCE request from `clientId` to the MCP resource. */
function authorizeUrl(clientId: string, challenge: string): string {
  const url = new URL(`${base}/api/auth/oauth2/authorize`);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    scope: 'agent:read',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    resource,
  }).toString();
  return url.toString();
}

describe('an MCP client that has never seen the service', () => {
  let member: TestMember;
  let cookie: string;
  const provider = new HeadlessProvider();
  let transport: StreamableHTTPClientTransport;
  const client = new Client({ name: 'e2e-agent', version: '1.0.0' });

  beforeAll(async () => {
    member = await createMember(nats);
    cookie = (await signIn(base, mailDir, { email: member.email })).cookie;
    transport = new StreamableHTTPClientTransport(new URL(resource), { authProvider: provider });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client.close();
  });

  it('initialize returns the service version and instructions for agents', async () => {
    const version = (await api(base, '/api/version')).body.version;
    expect(client.getServerVersion()).toMatchObject({ name: 'marketplace', version });
    expect(client.getInstructions()).toMatch(/conversation_id/);
  });

  it('discovers, registers, asks its human, and posts a job as that human', async () => {
    const title = `Agent job ${randomUUID().slice(0, 6)}`;
    const args = { title, category: 'data', constraints: '## Scope\nClean a CSV.', conversation_id: 'new', llm_model: 'unknown' };
    await expect(client.callTool({ name: 'post_job', arguments: args })).rejects.toBeInstanceOf(UnauthorizedError);
    const authUrl = provider.authorizationUrl!;
    expect(`${authUrl.origin}${authUrl.pathname}`).toBe(`${base}/api/auth/oauth2/authorize`);
    expect(authUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authUrl.searchParams.get('resource')).toBe(resource);
    expect(authUrl.searchParams.get('scope')).toBe('offline_access agent:read agent:write');
    expect(provider.info?.client_id).toBeTruthy();

    // The consent page names the client, where it returns the human, and the scopes.
    const consent = await consentPage(authUrl.toString(), cookie);
    expect(consent).toContain('SDK agent');
    expect(consent).toContain('127.0.0.1:8976');
    expect(consent).toContain('data-scope="agent:write"');

    const back = await approveInBrowser(authUrl.toString(), cookie);
    expect(back.searchParams.get('iss')).toBe(base);
    await transport.finishAuth(back.searchParams.get('code')!);
    expect(provider.saved?.refresh_token).toBeTruthy();

    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('post_job');
    const posted = await client.callTool({ name: 'post_job', arguments: args });
    expect(posted.isError).toBeFalsy();
    const result = posted.structuredContent as { result: { id: string; title: string }; conversationId: string };
    expect(result.result.title).toBe(title);
    expect(result.conversationId).toMatch(/^[0-9a-f-]{36}$/);
    const mine = await api(base, '/api/me/jobs', { key: member.key });
    expect(mine.body.jobs.map((j: { id: string }) => j.id)).toContain(result.result.id);
    expect(mine.body.jobs.find((j: { id: string }) => j.id === result.result.id).postedBy.id).toBe(member.id);

    const agents = await api(base, '/api/me/agents', { key: member.key });
    expect(agents.status).toBe(200);
    expect(agents.body.agents[0]).toMatchObject({
      clientId: provider.info!.client_id,
      name: 'SDK agent',
      domain: '127.0.0.1:8976',
      scopes: ['offline_access', 'agent:read', 'agent:write'],
    });
    expect(agents.body.agents[0].lastUsedAt).not.toBeNull();
  });

  it('refreshes its token and keeps working; the access token is refused on REST routes', async () => {
    const before = provider.saved!;
    expect(await auth(provider, { serverUrl: new URL(resource) })).toBe('AUTHORIZED');
    expect(provider.saved!.access_token).not.toBe(before.access_token);
    expect(provider.saved!.refresh_token).not.toBe(before.refresh_token);
    const listed = await client.callTool({ name: 'list_my_jobs', arguments: {} });
    expect(listed.isError).toBeFalsy();
    const rest = await api(base, '/api/me/jobs', { key: provider.saved!.access_token });
    expect(rest.status).toBe(401);
  });

  it('disconnecting ends access at once; connecting again asks the human and restores it', async () => {
    const clientId = provider.info!.client_id;
    const token = provider.saved!.access_token;
    expect((await api(base, `/api/me/agents/${encodeURIComponent('https://nobody.example/agent')}`, { method: 'DELETE', key: member.key })).status).toBe(404);
    const longest = `https://agent.example/${'a/'.repeat(1013)}`;
    expect(longest.length).toBe(2048);
    expect((await api(base, `/api/me/agents/${encodeURIComponent(longest)}`, { method: 'DELETE', key: member.key })).status).toBe(404);
    const tooLong = await api(base, `/api/me/agents/${encodeURIComponent(`${longest}b`)}`, { method: 'DELETE', key: member.key });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields).toHaveProperty('clientId');
    const viaTool = await mcp(
      base,
      'tools/call',
      { name: 'disconnect_agent', arguments: { client_id: 'https://nobody.example/agent' } },
      provider.saved!.access_token,
    );
    expect(toolError(viaTool).status).toBe(404);
    const off = await api(base, `/api/me/agents/${encodeURIComponent(clientId)}`, { method: 'DELETE', key: member.key });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ clientId, disconnected: true });
    expect((await api(base, '/api/me/agents', { key: member.key })).body.agents).toEqual([]);
    const refused = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, token);
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toContain('error="invalid_token"');
    const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: provider.saved!.refresh_token!, client_id: clientId });
    expect(refresh.body.error).toBe('invalid_grant');

    provider.saved = undefined;
    provider.authorizationUrl = undefined;
    await expect(client.callTool({ name: 'list_my_jobs', arguments: {} })).rejects.toBeInstanceOf(UnauthorizedError);
    const back = await approveInBrowser(provider.authorizationUrl!.toString(), cookie);
    await transport.finishAuth(back.searchParams.get('code')!);
    const again = await client.callTool({ name: 'list_my_jobs', arguments: {} });
    expect(again.isError).toBeFalsy();
    expect((await api(base, '/api/me/agents', { key: member.key })).body.agents.map((a: { clientId: string }) => a.clientId)).toEqual([clientId]);
  });

  it('the human can refuse: the client gets access_denied and no token', async () => {
    const other = await registerAgent(base, { client_name: 'Refused agent' });
    const { challenge } = pkcePair();
    const back = await approveInBrowser(authorizeUrl(other.client_id, challenge), cookie, { decision: 'refuse' });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('openid-client against the authorization server', () => {
  let member: TestMember;
  let cookie: string;
  let server: Server;
  let privateKey: CryptoKey;
  const clientId = `https://127.0.0.1:${metadataPort}/.well-known/oauth-client/agent.json`;

  beforeAll(async () => {
    member = await createMember(nats);
    cookie = (await signIn(base, mailDir, { email: member.email })).cookie;
    const pair = await generateKeyPair('ES256', { extractable: true });
    privateKey = pair.privateKey;
    // The client's metadata document, as an agent would publish it on its own site.
    const document = {
      client_id: clientId,
      client_name: 'Metadata agent',
      application_type: 'native',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'private_key_jwt',
      token_endpoint_auth_signing_alg: 'ES256',
      jwks: { keys: [{ ...(await exportJWK(pair.publicKey)), alg: 'ES256', use: 'sig', kid: 'agent-1' }] },
    };
    server = createServer((req, res) => {
      if (req.url !== '/.well-known/oauth-client/agent.json') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
    });
    await new Promise<void>((r) => server.listen(metadataPort, '127.0.0.1', r));
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const insecure = { execute: [oidc.allowInsecureRequests] };

  it('discovers the server; a metadata-document client authenticates with private_key_jwt; refresh tokens rotate', async () => {
    const config = await oidc.discovery(new URL(base), clientId, undefined, oidc.PrivateKeyJwt({ key: privateKey, kid: 'agent-1' }), insecure);
    expect(config.serverMetadata().issuer).toBe(base);
    expect(config.serverMetadata().client_id_metadata_document_supported).toBe(true);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: REDIRECT,
      scope: 'openid profile offline_access agent:read',
      prompt: 'consent',
      state,
      resource,
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    expect(await consentPage(url.toString(), cookie)).toContain('Metadata agent');
    const back = await approveInBrowser(url.toString(), cookie);
    const tokens = await oidc.authorizationCodeGrant(config, back, { pkceCodeVerifier: verifier, expectedState: state }, { resource });
    expect(tokens.claims()?.sub).toBe(member.id);
    expect(tokens.claims()?.name).toBe(member.name);
    expect(tokens.scope?.split(' ').sort()).toEqual(['agent:read']);

    // agent:read reads; a write needs agent:write: 403 with an insufficient_scope challenge.
    const read = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token);
    expect(read.body.result.isError).toBeFalsy();
    const write = await mcp(base, 'tools/call', { name: 'post_job', arguments: { title: 't', category: 'data', constraints: 'c' } }, tokens.access_token);
    expect(write.status).toBe(403);
    expect(write.headers.get('www-authenticate')).toMatch(/error="insufficient_scope"/);
    expect(write.headers.get('www-authenticate')).toMatch(/scope="[^"]*agent:write/);

    const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!, { resource });
    expect(rotated.refresh_token).toBeTruthy();
    expect(rotated.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, rotated.access_token)).body.result.isError).toBeFalsy();
    // The used refresh token is refused, and its reuse revokes the grant (a sign it was stolen).
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!, { resource })).rejects.toMatchObject({ error: 'invalid_grant' });
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, rotated.access_token)).status).toBe(401);
  });

  it('dynamic registration through openid-client', async () => {
    const config = await oidc.dynamicClientRegistration(
      new URL(base),
      {
        client_name: 'Registered by openid-client',
        redirect_uris: [REDIRECT],
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      oidc.None(),
      insecure,
    );
    expect(config.clientMetadata().client_id).toBeTruthy();
    expect(config.clientMetadata().client_name).toBe('Registered by openid-client');
  });

  it('a code without its PKCE verifier, or with the wrong redirect, is refused', async () => {
    const client = await registerAgent(base);
    const { verifier, challenge } = pkcePair();
    const code = (await approveInBrowser(authorizeUrl(client.client_id, challenge), cookie)).searchParams.get('code')!;
    const common = { grant_type: 'authorization_code', code, client_id: client.client_id };
    const noVerifier = await tokenRequest({ ...common, redirect_uri: REDIRECT });
    expect(noVerifier.status).toBe(400);
    expect(noVerifier.body.error).toBe('invalid_grant');
    const wrongRedirect = await tokenRequest({ ...common, redirect_uri: 'http://127.0.0.1:8976/other', code_verifier: verifier });
    expect(wrongRedirect.status).toBe(400);
  });

  it('a token for another resource is refused at the token endpoint', async () => {
    const client = await registerAgent(base);
    const { verifier, challenge } = pkcePair();
    const code = (await approveInBrowser(authorizeUrl(client.client_id, challenge), cookie)).searchParams.get('code')!;
    const res = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      client_id: client.client_id,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      resource: `${base}/api/jobs`,
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_target');
  });

  it('the connectAgent helper gives a working token; revoking its refresh token ends the connection', async () => {
    const { client, tokens } = await connectAgent(base, cookie);
    const res = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token);
    expect(res.status).toBe(200);
    expect(res.body.result.isError).toBeFalsy();
    const connected = async () => (await api(base, '/api/me/agents', { key: member.key })).body.agents.map((a: { clientId: string }) => a.clientId);
    expect(await connected()).toContain(client.client_id);
    const revoked = await fetch(`${base}/api/auth/oauth2/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token!, token_type_hint: 'refresh_token', client_id: client.client_id }),
    });
    expect(revoked.status).toBe(200);
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token)).status).toBe(401);
    expect(await connected()).not.toContain(client.client_id);
  });
});

describe('approving the same agent again', () => {
  it('replaces the earlier grant: its access and refresh tokens stop working, the new ones work', async () => {
    const member = await createMember(nats);
    const { cookie } = await signIn(base, mailDir, { email: member.email });
    const first = await connectAgent(base, cookie, { clientName: 'Approved twice' });
    const firstGrant = JSON.parse(Buffer.from(first.tokens.access_token.split('.')[1]!, 'base64url').toString()).gid as string;
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, first.tokens.access_token)).status).toBe(200);

    const second = await connectAgent(base, cookie, { client: first.client });
    expect(second.client.client_id).toBe(first.client.client_id);
    const secondGrant = JSON.parse(Buffer.from(second.tokens.access_token.split('.')[1]!, 'base64url').toString()).gid as string;
    expect(secondGrant).not.toBe(firstGrant);

    const old = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, first.tokens.access_token);
    expect(old.status).toBe(401);
    const oldRefresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: first.tokens.refresh_token!, client_id: first.client.client_id });
    expect(oldRefresh.body.error).toBe('invalid_grant');
    const rows = await dbQuery<{ n: number }>(
      inject('databaseUrl'),
      `SELECT count(*)::int AS n FROM identity.oauth_records WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)`,
      [firstGrant],
    );
    expect(rows[0]!.n).toBe(0);

    // The newer approval's tokens keep working, refresh included, and the agent is listed once.
    const now = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, second.tokens.access_token);
    expect(now.status).toBe(200);
    expect(now.body.result.isError).toBeFalsy();
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: second.tokens.refresh_token!, client_id: first.client.client_id });
    expect(refreshed.status).toBe(200);
    const agents = (await api(base, '/api/me/agents', { key: member.key })).body.agents as { clientId: string }[];
    expect(agents.map((a) => a.clientId)).toEqual([first.client.client_id]);
  });

  it("another member's approval of the same client leaves the first member's grant alone", async () => {
    const [a, b] = [await createMember(nats), await createMember(nats)];
    const cookieA = (await signIn(base, mailDir, { email: a.email })).cookie;
    const cookieB = (await signIn(base, mailDir, { email: b.email })).cookie;
    const forA = await connectAgent(base, cookieA, { clientName: 'Shared agent' });
    await connectAgent(base, cookieB, { client: forA.client });
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, forA.tokens.access_token)).status).toBe(200);
  });
});

describe('dynamic registration and refresh tokens under abuse', () => {
  let member: TestMember;
  let cookie: string;
  beforeAll(async () => {
    member = await createMember(nats);
    cookie = (await signIn(base, mailDir, { email: member.email })).cookie;
  });

  it('limits registrations per client address (429 with Retry-After); other addresses still register', async () => {
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const [busy, other] = [`10.${octet()}.${octet()}.${octet()}`, `10.${octet()}.${octet()}.${octet()}`];
    const register = (ip: string) =>
      fetch(`${base}/api/auth/oauth2/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ client_name: 'Busy agent', redirect_uris: [REDIRECT], token_endpoint_auth_method: 'none', application_type: 'native' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await register(busy)).status);
    expect(statuses).toEqual(Array(20).fill(201));
    const limited = await register(busy);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/client registrations per hour/);
    expect((await register(other)).status).toBe(201);
  });

  it('a registered client expires unless used for a token; exchanging a code keeps it', async () => {
    const unused = await registerAgent(base, { client_name: 'Never used' });
    const { client: used } = await connectAgent(base, cookie);
    const expiry = async (id: string) =>
      (
        await dbQuery(
          inject('databaseUrl'),
          `SELECT extract(epoch FROM expires_at - now())::float8 AS left FROM identity.oauth_records WHERE model = 'Client' AND id = $1`,
          [id],
        )
      )[0] as { left: number | null };
    const left = (await expiry(unused.client_id)).left!;
    expect(left).toBeGreaterThan(29 * 24 * 3600);
    expect(left).toBeLessThanOrEqual(30 * 24 * 3600);
    expect((await expiry(used.client_id)).left).toBeNull();
  });

  it('a refresh token is stored under its sha256, never its value; it signs with the first configured key', async () => {
    const { client, tokens } = await connectAgent(base, cookie);
    const [header, claims] = tokens.access_token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.kid).toBe(JSON.parse(inject('oauthKeys').signingKeys)[0].kid);
    const rows = await dbQuery<{ model: string; id: string; payload: unknown }>(
      inject('databaseUrl'),
      `SELECT model, id, payload FROM identity.oauth_records WHERE grant_id = $1`,
      [claims.gid],
    );
    const refresh = rows.filter((r) => r.model === 'RefreshToken');
    expect(refresh).toHaveLength(1);
    expect(refresh[0]!.id).toBe(createHash('sha256').update(tokens.refresh_token!).digest('hex'));
    expect(rows.some((r) => r.model === 'AuthorizationCode')).toBe(true);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(tokens.refresh_token!);
    // Presented as usual, it still works (and rotates).
    const res = await fetch(`${base}/api/auth/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id }),
    });
    expect(res.status).toBe(200);
  });

  it('two simultaneous uses of one refresh token: exactly one gets new tokens', async () => {
    const { client, tokens } = await connectAgent(base, cookie);
    const refresh = () =>
      fetch(`${base}/api/auth/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id }),
      });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const refused = (await (a.status === 400 ? a : b).json()) as { error: string };
    expect(refused.error).toBe('invalid_grant');
  });
});

/** The consent page's HTML as the signed-in human sees it. */
async function consentPage(authorizationUrl: string, sessionCookie: string): Promise<string> {
  const first = await fetch(authorizationUrl, { redirect: 'manual' });
  const location = new URL(first.headers.get('location')!, base);
  const cookies = [sessionCookie, ...first.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');
  const page = await fetch(location, { headers: { cookie: cookies } });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  return page.text();
}

describe('two members on one browser', () => {
  it('an agent connected after someone else signed in acts for the member signed in now', async () => {
    const ann = await createMember(nats);
    const ben = await createMember(nats);
    const annCookie = (await signIn(base, mailDir, { email: ann.email })).cookie;
    const benCookie = (await signIn(base, mailDir, { email: ben.email })).cookie;
    const jar = new CookieJar();
    const first = await registerAgent(base, { client_name: 'Ann agent' });
    await approveInBrowser(authorizeUrl(first.client_id, pkcePair().challenge), annCookie, { jar });
    // Ann signs out, Ben signs in on the same browser; the authorization server's own login cookie is still Ann's.
    const second = await registerAgent(base, { client_name: 'Ben agent' });
    const { verifier, challenge } = pkcePair();
    const back = await approveInBrowser(authorizeUrl(second.client_id, challenge), benCookie, { jar });
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      client_id: second.client_id,
    });
    expect(tokens.status).toBe(200);
    const benAgents = (await api(base, '/api/me/agents', { key: ben.key })).body.agents.map((a: { clientId: string }) => a.clientId);
    const annAgents = (await api(base, '/api/me/agents', { key: ann.key })).body.agents.map((a: { clientId: string }) => a.clientId);
    expect(benAgents).toEqual([second.client_id]);
    expect(annAgents).toEqual([first.client_id]);
    const res = await mcp(base, 'tools/call', { name: 'list_connected_agents', arguments: {} }, tokens.body.access_token!);
    expect(toolResult(res).agents.map((a: { clientId: string }) => a.clientId)).toEqual([second.client_id]);
  });
});

describe('a deleted account', () => {
  it('loses its agent access: tokens stop working and no agent stays connected', async () => {
    const member = await createMember(nats);
    const { cookie } = await signIn(base, mailDir, { email: member.email });
    const { tokens } = await connectAgent(base, cookie);
    expect((await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token)).status).toBe(200);
    // member.deleted, as the account deletion publishes it.
    const nc = await connectAs(nats, 'identity');
    try {
      const now = new Date().toISOString();
      await jetstream(nc).publish(
        'events.member.deleted.v1',
        JSON.stringify({
          id: randomUUID(),
          type: 'member.deleted',
          version: 1,
          producer: 'identity',
          occurredAt: now,
          payload: { memberId: member.id, deletedAt: now },
        }),
      );
    } finally {
      await nc.drain();
    }
    await expect
      .poll(async () => (await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token)).status, { timeout: 10_000 })
      .toBe(401);
    // The account's keys go with it too, so the connections are checked where identity keeps them.
    await expect
      .poll(async () => (await dbQuery(inject('databaseUrl'), 'SELECT 1 FROM identity.connected_agents WHERE member_id = $1', [member.id])).length, {
        timeout: 10_000,
      })
      .toBe(0);
  });
});

describe('when the identity service is away', () => {
  const control = inject('controlUrl');
  const service = async (action: 'stop' | 'start', app: string) => {
    const res = await fetch(`${control}/${action}/${app}`, { method: 'POST' });
    if (res.status !== 204) throw new Error(`${action} ${app}: ${res.status} ${await res.text()}`);
  };

  it('MCP calls with a token answer 503 and the token endpoint temporarily_unavailable; both recover', async () => {
    const member = await createMember(nats);
    const { cookie } = await signIn(base, mailDir, { email: member.email });
    const { client, tokens } = await connectAgent(base, cookie);
    await service('stop', 'identity');
    try {
      const res = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token);
      expect(res.status).toBe(503);
      const refresh = await tokenRequest({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: client.client_id });
      expect(refresh.status).toBe(503);
      expect(refresh.body.error).toBe('temporarily_unavailable');
    } finally {
      await service('start', 'identity');
    }
    const after = await mcp(base, 'tools/call', { name: 'list_my_jobs', arguments: {} }, tokens.access_token);
    expect(after.status).toBe(200);
    expect(after.body.result.isError).toBeFalsy();
  });
});
