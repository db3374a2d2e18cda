import type { Caller } from '@marketplace/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import type { Authenticator } from '../../auth/authenticator.js';
import { isSafeMethod, requestOrigin } from '../../auth/same-origin.js';

const FORM_TYPE = 'application/x-www-form-urlencoded';

/** Plain HTML form bodies, parsed only inside the page's own scope so the JSON API keeps refusing them. */
export function acceptFormPosts(scope: FastifyInstance): void {
  scope.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** The posted form's fields (empty when there was no form body). */
export function formFields(req: FastifyRequest): Record<string, string | undefined> {
  return (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, string | undefined>;
}

/**
 * An API key, or the browser session. A form post signed in by its cookie must come from this
 * site (the browser's Origin or Referer), since the cookie rides along on cross-site posts too.
 */
export async function formCaller(auth: Authenticator, req: FastifyRequest, reply: FastifyReply): Promise<Caller | null> {
  if (req.headers.authorization !== undefined) return auth.restCaller(req.headers.authorization, req.id);
  const session = await auth.sessionCaller(req, reply);
  if (session && !isSafeMethod(req.method) && requestOrigin(req) !== auth.publicOrigin) return null;
  return session;
}
