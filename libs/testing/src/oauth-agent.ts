import { createHash, randomBytes } from 'node:crypto';

import { randomClientIp, signIn } from './sign-in.js';

/** Cookies by name with the path they were set for, as a browser would keep them for one site. */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  constructor(initial?: string) {
    this.add(initial);
  }

  /** Adds or replaces cookies given as a Cookie header (`a=1; b=2`), for path `/`. */
  add(header: string | undefined): void {
    for (const part of (header ?? '').split(';')) {
      const [name, ...rest] = part.trim().split('=');
      if (name) this.cookies.set(name, { value: rest.join('='), path: '/' });
    }
  }

  store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const [name, ...rest] = pair!.trim().split('=');
      const value = rest.join('=');
      const path =
        attrs
          .map((a) => a.trim())
          .find((a) => a.toLowerCase().startsWith('path='))
          ?.slice(5) || '/';
      const expired = attrs.some((a) => /^max-age=0$/i.test(a.trim())) || /expires=Thu, 01 Jan 1970/i.test(line);
      if (!name) continue;
      if (expired || !value) this.cookies.delete(name);
      else this.cookies.set(name, { value, path });
    }
  }

  header(url: string): string {
    const path = new URL(url).pathname;
    return [...this.cookies]
      .filter(([, c]) => path.startsWith(c.path))
      .map(([n, c]) => `${n}=${c.value}`)
      .join('; ');
  }
}

export interface RegisteredClient {
  client_id: string;
  client_name?: string;
  redirect_uris: string[];
  [key: string]: unknown;
}

export interface AgentTokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: string;
  id_token?: string;
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Dynamic client registration as an MCP client does it (public client, PKCE, loopback redirect),
 * from a made-up client address unless `clientIp` is given (registrations are limited per address).
 */
export async function registerAgent(baseUrl: string, metadata: Partial<RegisteredClient> = {}, clientIp = randomClientIp()): Promise<RegisteredClient> {
  const res = await fetch(`${baseUrl}/api/auth/oauth2/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': clientIp },
    body: JSON.stringify({
      client_name: 'Test agent',
      redirect_uris: ['http://127.0.0.1:8976/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      application_type: 'native',
      ...metadata,
    }),
  });
  const body = (await res.json()) as RegisteredClient & { error?: string; error_description?: string };
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${body.error_description ?? body.error}`);
  return body;
}

export interface ApproveOptions {
  /** `approve` (default) or `refuse` on the consent page. */
  decision?: 'approve' | 'refuse';
  /** The browser's cookies, kept across flows (a fresh jar when omitted). */
  jar?: CookieJar;
}

/**
 * What a browser does between the authorization URL and the redirect back to the client:
 * follows the authorization server to the consent page with the human's session cookie,
 * submits Approve (or Refuse) from this site, and returns the final redirect to the client.
 */
export async function approveInBrowser(authorizationUrl: string, sessionCookie: string, opts: ApproveOptions = {}): Promise<URL> {
  const origin = new URL(authorizationUrl).origin;
  const jar = opts.jar ?? new CookieJar();
  jar.add(sessionCookie);
  let url = authorizationUrl;
  let method = 'GET';
  for (let hop = 0; hop < 10; hop++) {
    if (!url.startsWith(origin)) return new URL(url);
    const headers: Record<string, string> = { cookie: jar.header(url) };
    if (method === 'POST') {
      headers.origin = origin;
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    const res = await fetch(url, { method, headers, redirect: 'manual', ...(method === 'POST' ? { body: '' } : {}) });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url).toString();
      method = 'GET';
      continue;
    }
    if (res.status === 200 && new URL(url).pathname.startsWith('/api/auth/oauth2/interaction/')) {
      await res.text();
      url = `${url.split('?')[0]}/${opts.decision === 'refuse' ? 'abort' : 'confirm'}`;
      method = 'POST';
      continue;
    }
    throw new Error(`unexpected ${res.status} at ${url}: ${(await res.text()).slice(0, 300)}`);
  }
  throw new Error('too many redirects during authorization');
}

export interface ConnectOptions {
  scope?: string;
  clientName?: string;
  redirectUri?: string;
  /** A client registered earlier (its first redirect URI is used): approving it again. */
  client?: RegisteredClient;
}

/**
 * A real MCP access token for the member behind `sessionCookie`: registration, authorization
 * with PKCE S256 and the /api/mcp resource, approval on the consent page, code exchange.
 */
export async function connectAgent(
  baseUrl: string,
  sessionCookie: string,
  opts: ConnectOptions = {},
): Promise<{ client: RegisteredClient; tokens: AgentTokens }> {
  const redirectUri = opts.redirectUri ?? opts.client?.redirect_uris[0] ?? 'http://127.0.0.1:8976/callback';
  const client = opts.client ?? (await registerAgent(baseUrl, { client_name: opts.clientName ?? 'Test agent', redirect_uris: [redirectUri] }));
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const authorize = new URL(`${baseUrl}/api/auth/oauth2/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: redirectUri,
    scope: opts.scope ?? 'openid offline_access agent:read agent:write',
    prompt: 'consent',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    resource: `${baseUrl}/api/mcp`,
  }).toString();
  const back = await approveInBrowser(authorize.toString(), sessionCookie);
  const code = back.searchParams.get('code');
  if (!code || back.searchParams.get('state') !== state) throw new Error(`authorization failed: ${back}`);
  const res = await fetch(`${baseUrl}/api/auth/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
      client_id: client.client_id,
      resource: `${baseUrl}/api/mcp`,
    }),
  });
  const tokens = (await res.json()) as AgentTokens & { error?: string; error_description?: string };
  if (res.status !== 200) throw new Error(`token exchange failed: ${res.status} ${tokens.error_description ?? tokens.error}`);
  return { client, tokens };
}

/**
 * A real MCP access token for an existing member: signs them in through the emailed link, then
 * connects a new agent through the whole OAuth flow (registration, PKCE, consent, token).
 */
export async function mcpAccessToken(baseUrl: string, mailDir: string, member: { email: string }, opts: ConnectOptions = {}): Promise<string> {
  const { cookie } = await signIn(baseUrl, mailDir, { email: member.email });
  return (await connectAgent(baseUrl, cookie, opts)).tokens.access_token;
}
