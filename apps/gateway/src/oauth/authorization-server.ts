import { hkdfSync, randomUUID, timingSafeEqual } from 'node:crypto';

import { AppError, OAUTH_SCOPES, oauthAccount, oauthAdmitRegistration, oauthServerKeys } from '@marketplace/contracts';
import type { BusClient, Logger } from '@marketplace/service-kit/edge';
import { loadOnFirstUse, processSettings } from '@marketplace/service-kit/edge';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, type JSONWebKeySet } from 'jose';
import type Provider from 'oidc-provider';

import { gatewaySettings } from '../gateway.settings.js';
import { sendError } from '../http/error-reply.js';
import { MCP_PATH } from '../http/mcp-path.js';
import { strictTransport } from '../http/strict-transport.js';
import { trustedProxyHops } from '../http/trust-proxy.js';
import { PAGE_CSP } from '../web/kit/layout.js';
import { errorPage, keepErrorsHome } from './authorize-errors.js';
import { busAdapter, clientSecretDigest, isClientSecretDigest } from './bus-adapter.js';
import { clientMetadataFetch } from './client-metadata-fetch.js';
import { publicJwks, type ServerKeys, SIGNING_KEYS_ENV } from './server-keys.js';

// oidc-provider and what it brings (Koa, its JOSE stack): about 7 MiB of heap, loaded with the provider
// by the first OAuth request, not by every gateway process as it starts.
const loadOidcProvider = loadOnFirstUse(() => import('oidc-provider'));

export const OAUTH_BASE = '/api/auth/oauth2';
export const INTERACTION_BASE = `${OAUTH_BASE}/interaction`;
const REGISTRATION_PATH = `${OAUTH_BASE}/register`;
/** Scopes a token for the MCP resource can carry. */
export const AGENT_SCOPES = ['agent:read', 'agent:write'] as const;

/** Seconds an access token lives (OAUTH_ACCESS_TOKEN_TTL). */
export const accessTokenTtl = (): number => gatewaySettings().oauthAccessTokenTtl;

export interface AuthorizationServerDeps {
  bus: BusClient;
  publicUrl: string;
  logger: Logger;
  /**
   * Signing and cookie keys from configuration (OAUTH_SIGNING_KEYS, OAUTH_COOKIE_KEYS; see
   * server-keys.ts). Absent only outside production: then identity's development keys are used.
   */
  keys?: ServerKeys | undefined;
}

/** The loaded provider plus what the MCP endpoint needs to verify its tokens locally. */
export interface LoadedServer {
  provider: Provider;
  verifyKeys: ReturnType<typeof createLocalJWKSet>;
  /**
   * The key that seals state a client hands back (the MCP consent question's request state):
   * derived from the first cookie key, so every replica holds it and it rotates with them.
   */
  stateKey: Uint8Array;
}

/**
 * oidc-provider, mounted in the gateway, loaded on first use so the gateway starts even while
 * identity (its storage) is still coming up. Keys and cookie secrets come from configuration, the
 * same for every replica; the first of each signs, older ones still verify (rotation).
 */
export class AuthorizationServer {
  readonly issuer: string;
  readonly resource: string;
  private loading: Promise<LoadedServer> | undefined;

  constructor(private readonly deps: AuthorizationServerDeps) {
    this.issuer = new URL(deps.publicUrl).origin;
    this.resource = `${this.issuer}${MCP_PATH}`;
  }

  load(): Promise<LoadedServer> {
    this.loading ??= this.build().catch((err: unknown) => {
      this.loading = undefined;
      throw err;
    });
    return this.loading;
  }

  /**
   * Dynamic client registration is public: identity counts it against the client address (the
   * kit's `clientRegistrations` bucket) and throws 429 once that address used its allowance.
   */
  async admitRegistration(clientIp: string): Promise<void> {
    await this.deps.bus.call(oauthAdmitRegistration, { clientIp }, { requestId: `oauth-${randomUUID()}`, caller: null });
  }

  private async build(): Promise<LoadedServer> {
    const { bus, logger } = this.deps;
    const keys = this.deps.keys ?? (await this.developmentKeys());
    const resource = this.resource;
    const { default: Provider, errors } = await loadOidcProvider();
    const provider = new Provider(this.issuer, {
      adapter: busAdapter(bus, errors),
      clients: [],
      jwks: { keys: keys.keys },
      cookies: {
        keys: keys.cookieKeys,
        long: { httpOnly: true, sameSite: 'lax', secure: this.issuer.startsWith('https:') },
        short: { httpOnly: true, sameSite: 'lax', secure: this.issuer.startsWith('https:') },
      },
      scopes: [...OAUTH_SCOPES],
      claims: { openid: ['sub'], profile: ['name'], email: ['email', 'email_verified'] },
      responseTypes: ['code'],
      pkce: { required: () => true },
      // Client secrets are stored as digests (bus-adapter.ts), so nothing may use one as a key:
      // no client_secret_jwt, no HMAC-signed request objects.
      clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post', 'private_key_jwt'],
      enabledJWA: {
        clientAuthSigningAlgValues: [...ASYMMETRIC_ALGS],
        requestObjectSigningAlgValues: [...ASYMMETRIC_ALGS],
      },
      clientDefaults: { grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
      routes: {
        authorization: `${OAUTH_BASE}/authorize`,
        token: `${OAUTH_BASE}/token`,
        registration: `${OAUTH_BASE}/register`,
        jwks: `${OAUTH_BASE}/jwks`,
        revocation: `${OAUTH_BASE}/revoke`,
        userinfo: `${OAUTH_BASE}/userinfo`,
        end_session: `${OAUTH_BASE}/logout`,
        introspection: `${OAUTH_BASE}/introspect`,
        pushed_authorization_request: `${OAUTH_BASE}/par`,
        code_verification: `${OAUTH_BASE}/device`,
        device_authorization: `${OAUTH_BASE}/device/auth`,
        backchannel_authentication: `${OAUTH_BASE}/backchannel`,
        challenge: `${OAUTH_BASE}/challenge`,
        credential: `${OAUTH_BASE}/credential`,
      },
      features: {
        devInteractions: { enabled: false },
        registration: { enabled: true, initialAccessToken: false },
        revocation: { enabled: true },
        userinfo: { enabled: false },
        rpInitiatedLogout: { enabled: false },
        clientIdMetadataDocument: {
          enabled: true,
          // Experimental in oidc-provider: pinning the draft makes an incompatible upgrade fail loudly.
          ack: 'draft-02',
          // The spec's agent metadata documents authenticate with private_key_jwt.
          allowClient: async (_ctx: unknown, client: { clientAuthMethod?: string }) => client.clientAuthMethod === 'private_key_jwt',
        },
        resourceIndicators: {
          enabled: true,
          defaultResource: async (_ctx: unknown, _client: unknown, oneOf?: string | string[]) => oneOf ?? resource,
          useGrantedResource: async () => true,
          getResourceServerInfo: async (_ctx: unknown, indicator: string) => {
            if (indicator !== resource) throw new errors.InvalidTarget(`Tokens are issued only for ${resource}.`);
            return {
              scope: AGENT_SCOPES.join(' '),
              audience: resource,
              accessTokenTTL: accessTokenTtl(),
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
      },
      formats: {
        customizers: {
          // The grant id lets the MCP endpoint check, per request, that consent still stands.
          jwt: async (_ctx: unknown, token: { grantId?: string }, jwt: { payload: Record<string, unknown> }) => {
            jwt.payload.gid = token.grantId;
          },
        },
      },
      // Every connection is approved on the consent page; an old grant is never reused silently.
      loadExistingGrant: async (ctx: { oidc: { result?: { consent?: { grantId?: string } }; provider: Provider } }) => {
        const grantId = ctx.oidc.result?.consent?.grantId;
        return grantId ? (ctx.oidc.provider.Grant as unknown as { find(id: string): Promise<unknown> }).find(grantId) : undefined;
      },
      rotateRefreshToken: true,
      ttl: {
        AccessToken: accessTokenTtl(),
        AuthorizationCode: 60,
        IdToken: 3600,
        Interaction: 3600,
        Session: 14 * 24 * 3600,
        Grant: 365 * 24 * 3600,
        RefreshToken: 30 * 24 * 3600,
      },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${INTERACTION_BASE}/${interaction.uid}` },
      findAccount: async (_ctx: unknown, sub: string) => {
        const claims = await bus.call(oauthAccount, { memberId: sub }, { requestId: `oauth-${randomUUID()}`, caller: null });
        return claims ? { accountId: claims.sub, claims: async () => claims } : undefined;
      },
      fetch: clientMetadataFetch(logger),
      renderError: async (ctx: { status: number; type: string; body: string; set(name: string, value: string): void }, out: Record<string, string>) => {
        // prompt=none's errors carry 303, meant for the redirect to the client they no longer get (authorize-errors.ts).
        if (ctx.status < 400) ctx.status = 400;
        ctx.type = 'html';
        ctx.set('content-security-policy', PAGE_CSP);
        ctx.body = errorPage(out.error ?? 'error', out.error_description ?? 'The sign-in request could not be completed.');
      },
    });
    compareStoredClientSecrets(provider);
    keepErrorsHome(provider);
    // Same client address as the gateway's: only the configured number of proxy hops is trusted.
    provider.proxy = trustedProxyHops() > 0;
    // Koa's setting (the provider is a Koa app; its typings omit it): read only the last n entries.
    Object.assign(provider, { maxIpsCount: trustedProxyHops() });
    provider.on('server_error', (_ctx: unknown, err: Error) => logger.error({ err }, 'authorization server error'));
    return {
      provider,
      verifyKeys: createLocalJWKSet(publicJwks(keys.keys) as JSONWebKeySet),
      stateKey: new Uint8Array(hkdfSync('sha256', keys.cookieKeys[0]!, 'marketplace', 'mcp request state', 32)),
    };
  }

  /** Development only: keys identity generated once and keeps in its database (never in production). */
  private async developmentKeys(): Promise<ServerKeys> {
    if (processSettings().nodeEnv === 'production') throw new Error(`${SIGNING_KEYS_ENV} is not configured.`);
    return (await this.deps.bus.call(oauthServerKeys, {}, { requestId: `oauth-${randomUUID()}`, caller: null })) as ServerKeys;
  }
}

const ASYMMETRIC_ALGS = ['RS256', 'PS256', 'ES256', 'Ed25519', 'EdDSA'] as const;

interface StoredSecretClient {
  clientSecret?: string;
  compareClientSecret(actual: string): Promise<boolean> | boolean;
  metadata(): Record<string, unknown>;
}

/**
 * The stored client holds the digest of its secret: a presented secret is digested and compared
 * in constant time (oidc-provider's documented way: its Client's compareClientSecret), and the
 * digest is never handed out as if it were the secret (the registration read answers without it).
 * The registration response still carries the new secret once, from memory, before it is stored.
 */
function compareStoredClientSecrets(provider: Provider): void {
  const proto = (provider.Client as unknown as { prototype: StoredSecretClient }).prototype;
  const compare = proto.compareClientSecret;
  const metadata = proto.metadata;
  proto.compareClientSecret = function compareDigest(this: StoredSecretClient, actual: string) {
    if (!isClientSecretDigest(this.clientSecret)) return compare.call(this, actual);
    const a = Buffer.from(clientSecretDigest(typeof actual === 'string' ? actual : ''));
    const b = Buffer.from(this.clientSecret);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  proto.metadata = function withoutDigest(this: StoredSecretClient) {
    const out = metadata.call(this);
    if (isClientSecretDigest(out.client_secret)) delete out.client_secret;
    return out;
  };
}

export function isProviderPath(path: string): boolean {
  if (path === '/.well-known/openid-configuration' || path === '/.well-known/oauth-authorization-server') return true;
  return path.startsWith(`${OAUTH_BASE}/`) && !path.startsWith(`${INTERACTION_BASE}/`);
}

/** Hands authorization server paths to oidc-provider before Fastify parses the body. */
export function mountAuthorizationServer(app: FastifyInstance, server: AuthorizationServer, logger: Logger): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (!isProviderPath(path)) return;
    if (req.method === 'POST' && path === REGISTRATION_PATH) {
      try {
        await server.admitRegistration(req.ip);
      } catch (err) {
        // 429 with Retry-After once this address used its allowance; 503 when identity is down.
        return sendError(reply, err instanceof AppError ? err : AppError.unavailable('Sign-in is unavailable. Try again shortly.'), req.id);
      }
    }
    let loaded: LoadedServer;
    try {
      loaded = await server.load();
    } catch (err) {
      logger.warn({ err }, 'authorization server unavailable');
      const error = err instanceof AppError ? err : AppError.unavailable('Sign-in is unavailable. Try again shortly.');
      return sendError(reply, error, req.id);
    }
    reply.hijack();
    reply.raw.setHeader('x-request-id', req.id);
    const hsts = strictTransport(req);
    if (hsts) reply.raw.setHeader('strict-transport-security', hsts);
    await loaded.provider.callback()(req.raw, reply.raw);
  });
}
