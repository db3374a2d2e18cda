import { AppError, authenticateOAuth, type Caller, type RequestBudget } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyInstance } from 'fastify';
import { jwtVerify } from 'jose';

import { splitBudget } from '../http/rate-limit-headers.js';
import { AGENT_SCOPES, type AuthorizationServer } from './authorization-server.js';
import { VerifiedTokenCache } from './verified-token-cache.js';

/** Scopes an MCP client asks for when challenged: the agent scopes plus refresh tokens. */
export const CHALLENGE_SCOPE = ['offline_access', ...AGENT_SCOPES].join(' ');

export const PROTECTED_RESOURCE_PATHS = ['/.well-known/oauth-protected-resource/api/mcp', '/.well-known/oauth-protected-resource'];

/** RFC 9728 metadata for the one protected resource, POST /api/mcp. */
export function registerProtectedResourceMetadata(app: FastifyInstance, server: AuthorizationServer): void {
  const metadata = {
    resource: server.resource,
    authorization_servers: [server.issuer],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access', ...AGENT_SCOPES],
    bearer_methods_supported: ['header'],
    resource_name: 'Job marketplace (MCP)',
    resource_documentation: `${server.issuer}/api/openapi.json`,
  };
  for (const path of PROTECTED_RESOURCE_PATHS) {
    // Public metadata: browser-based MCP clients read it from other origins.
    app.get(path, async (_req, reply) => reply.header('cache-control', 'public, max-age=300').header('access-control-allow-origin', '*').send(metadata));
  }
}

/** An agent repeats its access token on every call; its RSA signature is checked once a minute at most. */
const verifiedClaims = new VerifiedTokenCache();

/**
 * An MCP bearer token: a JWT access token from our authorization server, signed with the shared
 * key, for exactly the /api/mcp resource and not expired (checked here, no network); then one
 * bus call confirms the grant still stands and resolves the human it acts for.
 */
export async function oauthCaller(
  server: AuthorizationServer,
  bus: BusClient,
  token: string,
  requestId: string,
): Promise<{ caller: Caller; budget: RequestBudget | undefined }> {
  const claims = verifiedClaims.get(token, Date.now()) ?? (await verifyAccessToken(server, token));
  const scopes = typeof claims.scope === 'string' ? claims.scope.split(' ').filter(Boolean) : [];
  return splitBudget(
    await bus.call(
      authenticateOAuth,
      {
        grantId: String(claims.gid),
        clientId: String(claims.client_id),
        memberId: String(claims.sub),
        scopes,
      },
      { requestId, caller: null },
    ),
  );
}

async function verifyAccessToken(server: AuthorizationServer, token: string): Promise<Record<string, unknown>> {
  const { verifyKeys } = await server.load();
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, verifyKeys, {
      issuer: server.issuer,
      audience: server.resource,
      typ: 'at+jwt',
      algorithms: ['RS256'],
      requiredClaims: ['exp', 'sub', 'client_id', 'gid'],
    }));
  } catch {
    throw AppError.unauthorized('The access token is invalid, expired or not for this resource.');
  }
  verifiedClaims.set(token, claims, Date.now());
  return claims;
}
