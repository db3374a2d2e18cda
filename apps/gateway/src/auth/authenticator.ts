import { AppError, authenticateKey, authenticateSession, type Caller } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { sendRateLimit, splitBudget } from '../http/rate-limit-headers.js';
import { isSafeMethod, isSameOriginWrite, JSON_BODY } from './same-origin.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie.js';

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return m?.[1];
}

/** Authentication only; what a caller may do is decided by the service that owns the data. */
export class Authenticator {
  readonly publicOrigin: string;

  constructor(
    private readonly bus: BusClient,
    readonly publicUrl: string,
  ) {
    this.publicOrigin = new URL(publicUrl).origin;
  }

  /** API keys only. Null when no credentials were sent. The key's request budget goes on the reply as RateLimit headers. */
  async restCaller(authorization: string | undefined, requestId: string, reply?: Pick<FastifyReply, 'header'>): Promise<Caller | null> {
    if (authorization === undefined) return null;
    const token = bearerToken(authorization);
    if (!token) throw AppError.unauthorized('Send the API key as "Authorization: Bearer <key>".');
    // OAuth access tokens are for /api/mcp only; anything but an API key is refused here.
    if (!token.startsWith('tl_')) throw AppError.unauthorized('Invalid API key. OAuth access tokens are accepted only on /api/mcp.');
    const { caller, budget } = splitBudget(await this.bus.call(authenticateKey, { key: token }, { requestId, caller: null }));
    if (budget && reply) sendRateLimit(reply, budget);
    return caller;
  }

  /**
   * REST: an API key (Authorization) or else the browser session cookie. A session write must be
   * same-origin JSON (403 otherwise), since a browser attaches the cookie to cross-site requests
   * too; API keys are never sent by a browser on its own, so they are exempt. `bodyTypes` widens
   * JSON to what an upload route takes.
   */
  async requestCaller(req: FastifyRequest, reply: FastifyReply, bodyTypes: readonly string[] = JSON_BODY): Promise<Caller | null> {
    if (req.headers.authorization !== undefined) return this.restCaller(req.headers.authorization, req.id, reply);
    const session = await this.sessionCaller(req, reply);
    if (session && !isSafeMethod(req.method) && !isSameOriginWrite(req, this.publicOrigin, bodyTypes)) {
      throw AppError.forbidden(`Requests signed in with a browser session must come from this site and send Content-Type: ${bodyTypes.join(' or ')}.`);
    }
    return session;
  }

  /**
   * The signed-in member behind the session cookie, or null (no cookie, or an ended session,
   * whose cookie is then cleared). Renews the cookie when the session slid forward. No
   * same-origin check: use requestCaller for writes, or check it yourself.
   */
  async sessionCaller(req: FastifyRequest, reply?: FastifyReply): Promise<Caller | null> {
    const token = sessionToken(req, this.publicUrl);
    if (!token) return null;
    try {
      const found = await this.bus.call(authenticateSession, { token }, { requestId: req.id, caller: null });
      if (found.renewed && reply) setSessionCookie(reply, this.publicUrl, token, new Date(found.expiresAt));
      return found.caller;
    } catch (err) {
      if (err instanceof AppError && err.status === 401) {
        if (reply) clearSessionCookie(reply, this.publicUrl);
        return null;
      }
      throw err;
    }
  }
}
