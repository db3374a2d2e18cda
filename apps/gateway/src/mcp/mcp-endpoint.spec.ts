import { AppError, authenticateOAuth, type Operation } from '@marketplace/contracts';
import type { BusClient, Logger } from '@marketplace/service-kit/edge';
import Fastify from 'fastify';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

import { registerCrossCutting } from '../http/cross-cutting.js';
import type { AuthorizationServer } from '../oauth/authorization-server.js';
import { registerMcpEndpoint } from './mcp-endpoint.js';

/**
 * How /api/mcp answers when identity refuses the OAuth caller: a limit (429) reaches the agent as
 * a 429 with Retry-After, not as a 401 challenge (which would send it to re-authorize) nor a 503.
 */
const issuer = 'http://127.0.0.1:4100';
const resource = `${issuer}/api/mcp`;
const quiet = { warn: () => undefined, error: () => undefined, info: () => undefined, debug: () => undefined } as unknown as Logger;

let token: string;
let verifyKeys: ReturnType<typeof createLocalJWKSet>;

beforeAll(async () => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  verifyKeys = createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'RS256', kid: 'k1' }] });
  token = await new SignJWT({ client_id: 'client-1', gid: 'grant-1', scope: 'agent:read' })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'k1' })
    .setIssuer(issuer)
    .setAudience(resource)
    .setSubject('11111111-1111-4111-8111-111111111111')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(privateKey);
});

async function endpoint(identity: () => Promise<never>) {
  const app = Fastify();
  registerCrossCutting(app, quiet);
  const bus = {
    call: async (op: Operation) => {
      if (op === authenticateOAuth) return identity();
      throw new Error(`unexpected ${op.name}`);
    },
  } as unknown as BusClient;
  const oauth = { issuer, resource, load: async () => ({ verifyKeys }) } as unknown as AuthorizationServer;
  // The endpoint refuses before it streams, renders a page or reads alerts: those parts are not needed here.
  registerMcpEndpoint(app, { bus, oauth } as unknown as Parameters<typeof registerMcpEndpoint>[1]);
  await app.ready();
  return app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: {
      host: '127.0.0.1:4100',
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' },
  });
}

describe('/api/mcp when identity refuses the OAuth caller', () => {
  it('passes a 429 through with its Retry-After and message', async () => {
    const res = await endpoint(async () => {
      throw AppError.tooMany('This connected agent allows 120 requests per minute.', 17);
    });
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('17');
    expect(res.headers['www-authenticate']).toBeUndefined();
    expect(res.json()).toMatchObject({ error: 'This connected agent allows 120 requests per minute.', retryAfter: 17 });
  });

  it('still answers a 401 as an invalid_token challenge, and an unexpected failure as 503', async () => {
    const gone = await endpoint(async () => {
      throw AppError.unauthorized('The access token is no longer valid.');
    });
    expect(gone.statusCode).toBe(401);
    expect(gone.headers['www-authenticate']).toMatch(/error="invalid_token"/);
    const down = await endpoint(async () => {
      throw new Error('bus timeout');
    });
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
  });
});
