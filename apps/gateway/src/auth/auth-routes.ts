import { AppError, completeOidcSignIn, endSession, peekMagicLink, startOidcSignIn, verifyMagicLink } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { acceptFormPosts, formFields } from '../web/kit/form-posts.js';
import { html, sendPage } from '../web/kit/layout.js';
import type { Authenticator } from './authenticator.js';
import { isSameOriginJson, requestOrigin } from './same-origin.js';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookie.js';

/** Remembers which federated sign-in this browser started (login CSRF protection). */
const OIDC_STATE_COOKIE = 'mk_oidc_state';
const OIDC_CALLBACK = '/api/auth/callback/oidc';

interface AuthRouteDeps {
  bus: BusClient;
  auth: Authenticator;
  publicUrl: string;
}

function queryString(req: FastifyRequest, name: string): string | undefined {
  const value = (req.query as Record<string, unknown>)[name];
  return typeof value === 'string' && value ? value : undefined;
}

function plausibleToken(token: string): boolean {
  return token.length >= 16 && token.length <= 200;
}

function userAgent(req: FastifyRequest): string | undefined {
  return req.headers['user-agent']?.slice(0, 500);
}

/**
 * Sign-in steps that a browser performs by navigation (redirects and cookies), which the
 * catalogue's JSON routes cannot express. Everything they decide is decided by identity.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { bus, publicUrl } = deps;

  const finish = (
    reply: FastifyReply,
    result: { ok: true; sessionToken: string; expiresAt: string; redirectTo: string } | { ok: false; redirectTo: string },
  ) => {
    if (result.ok) setSessionCookie(reply, publicUrl, result.sessionToken, new Date(result.expiresAt));
    return reply.redirect(result.redirectTo, 302);
  };

  // Opening the emailed link only shows a button: mail scanners and link previews that fetch
  // every link must not spend the single-use token before the person does.
  app.get('/api/auth/magic-link/verify', async (req, reply) => {
    const token = queryString(req, 'token');
    if (!token || !plausibleToken(token)) return reply.redirect('/sign-in?error=INVALID_TOKEN', 302);
    reply.header('cache-control', 'no-store');
    // Which account the link signs into, read without spending it; an unknown, used or expired
    // link says nothing (the button then lands on the usual error).
    const { email } = await bus.call(peekMagicLink, { token }, { requestId: req.id, caller: null });
    const intro = email
      ? html`<p>You opened a sign-in link for <strong class="signin-email">${email}</strong>. Continue to sign in to that account on this device.</p>`
      : html`<p>You opened a sign-in link. Continue to sign in on this device.</p>`;
    return sendPage(reply, {
      title: 'Continue signing in',
      body: html`
<h1>Continue signing in</h1>
${intro}
<form method="post" action="/api/auth/magic-link/verify">
  <input type="hidden" name="token" value="${token}">
  <button type="submit" autofocus>Continue signing in</button>
</form>`,
    });
  });

  void app.register(async (scope) => {
    // The button above posts a plain form; form bodies are parsed for this route only.
    acceptFormPosts(scope);
    scope.post('/api/auth/magic-link/verify', async (req, reply) => {
      // Only our own page may spend a link: a cross-site post could sign a browser into someone else's account.
      if (requestOrigin(req) !== deps.auth.publicOrigin) {
        throw AppError.forbidden('Continue signing in from the page the emailed link opened.');
      }
      const token = formFields(req).token ?? '';
      if (!plausibleToken(token)) return reply.redirect('/sign-in?error=INVALID_TOKEN', 303);
      const agent = userAgent(req);
      const result = await bus.call(verifyMagicLink, { token, ...(agent ? { userAgent: agent } : {}) }, { requestId: req.id, caller: null });
      if (result.ok) setSessionCookie(reply, publicUrl, result.sessionToken, new Date(result.expiresAt));
      return reply.redirect(result.redirectTo, 303);
    });
  });

  app.post('/api/auth/sign-out', async (req, reply) => {
    const token = sessionToken(req, publicUrl);
    if (token) {
      // Signing someone out is a write too: only our own pages may ask for it.
      if (!isSameOriginJson(req, deps.auth.publicOrigin)) {
        throw AppError.forbidden('Requests signed in with a browser session must come from this site and send Content-Type: application/json.');
      }
      await bus.call(endSession, { token }, { requestId: req.id, caller: null });
    }
    clearSessionCookie(reply, publicUrl);
    return reply.send({ signedOut: true });
  });

  app.get('/api/auth/sign-in/oidc', async (req, reply) => {
    const input: Record<string, string> = {};
    for (const name of ['callbackURL', 'newUserCallbackURL', 'errorCallbackURL']) {
      const value = queryString(req, name);
      if (value) input[name] = value;
    }
    const started = await bus.call(startOidcSignIn, input, { requestId: req.id, caller: null });
    reply.setCookie(OIDC_STATE_COOKIE, started.state, {
      httpOnly: true,
      sameSite: 'lax',
      secure: publicUrl.startsWith('https:'),
      path: OIDC_CALLBACK,
      maxAge: 600,
    });
    return reply.redirect(started.authorizationUrl, 302);
  });

  app.get(OIDC_CALLBACK, async (req, reply) => {
    const browserState = req.cookies?.[OIDC_STATE_COOKIE];
    const agent = userAgent(req);
    const result = await bus.call(
      completeOidcSignIn,
      {
        callbackUrl: `${publicUrl}${req.url}`,
        ...(browserState ? { browserState } : {}),
        ...(agent ? { userAgent: agent } : {}),
      },
      { requestId: req.id, caller: null },
    );
    reply.clearCookie(OIDC_STATE_COOKIE, { path: OIDC_CALLBACK });
    return finish(reply, result);
  });
}

/** The browser-navigation routes above, for the OpenAPI document (they are not catalogue operations). */
export function authRouteDocs(): Record<string, Record<string, unknown>> {
  const redirect = (summary: string, parameters: { name: string; description: string; required?: boolean }[], errors: Record<string, unknown> = {}) => ({
    get: {
      summary,
      tags: ['identity'],
      security: [],
      parameters: parameters.map((p) => ({ name: p.name, in: 'query', required: p.required ?? false, description: p.description, schema: { type: 'string' } })),
      responses: {
        '302': { description: 'Redirect; on success it sets the HttpOnly session cookie (__Host-mk_session behind https, mk_session on http)' },
        ...errors,
      },
    },
  });
  return {
    '/api/auth/magic-link/verify': {
      get: {
        summary:
          'Open an emailed sign-in link: an HTML page, naming the address the link is for (only while the link is unused and unexpired), whose button continues signing in. Opening it spends nothing, so mail scanners that fetch links cannot use it up',
        tags: ['identity'],
        security: [],
        parameters: [{ name: 'token', in: 'query', required: true, description: 'From the email', schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The "Continue signing in" page', content: { 'text/html': { schema: { type: 'string' } } } },
          '302': { description: 'No plausible token: back to /sign-in with error=INVALID_TOKEN' },
        },
      },
      post: {
        summary:
          'Continue signing in (form post from the page above, same origin only): consumes the link once, creates the account on first sign-in, starts a session and redirects to the callback (new users to newUserCallbackURL; failures to errorCallbackURL with error=INVALID_TOKEN or EXPIRED_TOKEN)',
        tags: ['identity'],
        security: [],
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } } },
        },
        responses: {
          '303': { description: 'Redirect; on success it sets the HttpOnly session cookie (__Host-mk_session behind https, mk_session on http)' },
          '403': { $ref: '#/components/responses/Error403' },
        },
      },
    },
    '/api/auth/sign-in/oidc': redirect(
      'Start signing in with the configured OpenID Connect provider (403 for an untrusted callback URL, 404 when none is configured, 503 when the provider does not answer)',
      [
        { name: 'callbackURL', description: 'Where to land after signing in (a path here or a trusted origin)' },
        { name: 'newUserCallbackURL', description: 'Where a first sign-in lands instead' },
        { name: 'errorCallbackURL', description: 'Where a failure lands, with ?error=' },
      ],
      {
        '403': { $ref: '#/components/responses/Error403' },
        '404': { $ref: '#/components/responses/Error404' },
        '503': { $ref: '#/components/responses/Error503' },
      },
    ),
    [OIDC_CALLBACK]: redirect(
      'Where the provider sends the browser back; starts a session (accounts link by verified email). ' +
        '404 when no provider is configured, 503 when the provider does not answer',
      [
        { name: 'code', description: 'Authorization code' },
        { name: 'state', description: "Must match this browser's sign-in" },
      ],
      { '404': { $ref: '#/components/responses/Error404' }, '503': { $ref: '#/components/responses/Error503' } },
    ),
    '/api/auth/sign-out': {
      post: {
        summary:
          'End the browser session (deleted server-side) and clear its cookie. With a session, the request must be same-origin JSON (403 otherwise); without one it only clears the cookie',
        // Without a session there is nothing to end, and the answer is the same 200.
        tags: ['identity'],
        security: [{}, { session: [] }],
        responses: {
          '200': {
            description: 'Signed out',
            content: { 'application/json': { schema: { type: 'object', properties: { signedOut: { const: true } }, required: ['signedOut'] } } },
          },
          '403': { $ref: '#/components/responses/Error403' },
        },
      },
    },
  };
}
