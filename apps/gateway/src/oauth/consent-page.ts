import { AppError, type Caller, getMemberCard, oauthDestroy, recordAgentConsent } from '@marketplace/contracts';
import type { BusClient, Logger } from '@marketplace/service-kit/edge';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionDetails } from 'oidc-provider';

import { acceptFormPosts } from '../web/kit/form-posts.js';
import { html, type Raw, sendPage } from '../web/kit/layout.js';
import { AGENT_SCOPES, type AuthorizationServer, INTERACTION_BASE, OAUTH_BASE } from './authorization-server.js';

/** What the human reads next to each scope the agent asks for. */
const SCOPE_TEXT: Record<string, string> = {
  openid: 'Confirm who you are',
  profile: 'See your name',
  email: 'See your email address',
  offline_access: 'Stay connected without asking you again, until you disconnect it',
  'agent:read': 'Read your profile, resume, jobs posted and done, applications, messages, files and notifications',
  'agent:write':
    'Act for you: post and edit jobs, apply and withdraw, accept or decline, message, turn in and approve work, upload files, change your profile and settings',
};

const OIDC_SCOPES = new Set(['openid', 'profile', 'email', 'offline_access']);

export interface ConsentDeps {
  bus: BusClient;
  server: AuthorizationServer;
  logger: Logger;
  /** The member signed in with a browser session, or null. */
  sessionMember: (req: FastifyRequest, reply: FastifyReply) => Promise<Caller | null>;
}

/**
 * The interaction (consent) page oidc-provider sends the browser to: the signed-in human sees
 * who is asking, where it will return them and what it may do, then approves or refuses.
 * Signed-out visitors go to /sign-in and come back here.
 */
export function registerConsentPage(app: FastifyInstance, deps: ConsentDeps): void {
  const { server } = deps;
  const pagePath = `${INTERACTION_BASE}/:uid`;

  const load = async (req: FastifyRequest, reply: FastifyReply) => {
    const { provider } = await server.load();
    const { uid } = req.params as { uid: string };
    let details: InteractionDetails;
    try {
      details = await provider.interactionDetails(req.raw, reply.raw);
    } catch {
      return { provider, details: undefined };
    }
    return { provider, details: details.uid === uid ? details : undefined };
  };

  const expired = (reply: FastifyReply) =>
    sendHtml(
      reply,
      400,
      'Sign-in expired',
      html`<h1>This sign-in request has expired</h1>
<p role="alert">Go back to your agent and start connecting again.</p>`,
    );

  app.get(pagePath, async (req, reply) => {
    const { provider, details } = await load(req, reply);
    if (!details) return expired(reply);
    const member = await deps.sessionMember(req, reply);
    if (!member) return reply.redirect(`/sign-in?next=${encodeURIComponent(req.url)}`, 303);
    const stale = details.session?.accountId && details.session.accountId !== member.memberId;
    if (stale) return restartAsSignedInMember(req, reply, details);
    const clientId = details.params.client_id ?? '';
    const client = await provider.Client.find(clientId);
    if (!client) return expired(reply);
    const name = client.clientName?.trim() || clientId;
    const host = redirectHost(details.params.redirect_uri);
    const scopes = requestedScopes(details);
    const action = `${INTERACTION_BASE}/${encodeURIComponent(details.uid)}`;
    const you = await deps.bus.call(getMemberCard, { memberId: member.memberId }, { requestId: req.id, caller: null });
    return sendHtml(
      reply,
      200,
      `Connect ${name}`,
      html`<h1>Connect <span id="client-name">${name}</span> to your account?</h1>
<p>This agent will act as you on the marketplace. Whatever it posts or writes is yours, marked as done through an agent.</p>
<p>After you answer, it returns you to <strong id="redirect-host">${host}</strong>${isLoopback(host) ? ' (a program on this computer)' : ''}.</p>
<h2>It asks to</h2>
<ul id="scopes">
${scopes.map(
  (s) => html`<li data-scope="${s}">${SCOPE_TEXT[s] ?? s} <span class="muted">(${s})</span></li>
`,
)}
</ul>
<p class="muted">Signed in as <strong id="member-name">${you.name}</strong>. You can disconnect the agent at any time from your connected agents.</p>
<form class="inline" method="post" action="${action}/confirm"><button type="submit">Approve</button></form>
<form class="inline" method="post" action="${action}/abort"><button class="secondary" type="submit">Refuse</button></form>`,
      true,
    );
  });

  app.register(async (scope) => {
    // Only these two form posts take url-encoded bodies; the rest of the API stays JSON-only.
    acceptFormPosts(scope);

    scope.post(`${pagePath}/confirm`, async (req, reply) => {
      assertSameOrigin(req, server.issuer);
      const { provider, details } = await load(req, reply);
      if (!details) return expired(reply);
      const member = await deps.sessionMember(req, reply);
      if (!member) return reply.redirect(`/sign-in?next=${encodeURIComponent(`${INTERACTION_BASE}/${details.uid}`)}`, 303);
      if (details.session?.accountId && details.session.accountId !== member.memberId) {
        return restartAsSignedInMember(req, reply, details);
      }
      const clientId = details.params.client_id ?? '';
      const client = await provider.Client.find(clientId);
      if (!client) return expired(reply);
      const scopes = requestedScopes(details);
      const grant = new provider.Grant({ accountId: member.memberId, clientId });
      // The agent scopes are also server-wide scopes (listed in discovery), so oidc-provider
      // expects them granted on the OpenID side too, besides on the /api/mcp resource.
      if (scopes.length) grant.addOIDCScope(scopes.join(' '));
      const claims = details.prompt.details.missingOIDCClaims;
      if (Array.isArray(claims) && claims.length) grant.addOIDCClaims(claims as string[]);
      const agent = scopes.filter((s) => (AGENT_SCOPES as readonly string[]).includes(s));
      if (agent.length) grant.addResourceScope(details.params.resource ?? server.resource, agent.join(' '));
      const grantId = await grant.save();
      await deps.bus.call(
        recordAgentConsent,
        {
          memberId: member.memberId,
          clientId,
          clientName: (client.clientName?.trim() || clientId).slice(0, 200),
          domain: redirectHost(details.params.redirect_uri).slice(0, 255),
          scopes,
          grantId,
        },
        { requestId: req.id, caller: null },
      );
      const to = await provider.interactionResult(
        req.raw,
        reply.raw,
        {
          login: { accountId: member.memberId },
          consent: { grantId },
        },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });

    scope.post(`${pagePath}/abort`, async (req, reply) => {
      assertSameOrigin(req, server.issuer);
      const { provider, details } = await load(req, reply);
      if (!details) return expired(reply);
      const to = await provider.interactionResult(
        req.raw,
        reply.raw,
        {
          error: 'access_denied',
          error_description: 'The member refused to connect this agent.',
        },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });
  });

  /**
   * The authorization server still remembers someone else who signed in on this browser earlier.
   * The signed-in member is who approves, so that old login is ended and the same authorization
   * request starts over, cleanly, for the member.
   */
  const restartAsSignedInMember = async (req: FastifyRequest, reply: FastifyReply, details: InteractionDetails) => {
    const sessionId = (details.session as { cookie?: string } | undefined)?.cookie;
    if (sessionId) await deps.bus.call(oauthDestroy, { model: 'Session', id: sessionId }, { requestId: req.id, caller: null });
    for (const name of ['_session', '_session.sig', '_session.legacy', '_session.legacy.sig']) {
      reply.clearCookie(name, { path: '/' });
    }
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(details.params)) if (typeof value === 'string') params.set(key, value);
    return reply.redirect(`${OAUTH_BASE}/authorize?${params.toString()}`, 303);
  };
}

function requestedScopes(details: InteractionDetails): string[] {
  const known = new Set([...OIDC_SCOPES, ...AGENT_SCOPES]);
  return [...new Set((details.params.scope ?? '').split(' ').filter((s) => known.has(s)))];
}

function redirectHost(uri: string | undefined): string {
  try {
    return new URL(uri ?? '').host;
  } catch {
    return '';
  }
}

function isLoopback(host: string): boolean {
  return /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host);
}

/** A cross-site page must not be able to approve on the human's behalf. */
function assertSameOrigin(req: FastifyRequest, origin: string): void {
  const from =
    req.headers.origin ??
    (() => {
      try {
        return req.headers.referer ? new URL(req.headers.referer).origin : undefined;
      } catch {
        return undefined;
      }
    })();
  if (from !== origin) throw AppError.forbidden('Approve or refuse from the consent page on this site.');
}

/** The consent form answers with a redirect to the agent, so its page cannot limit form-action to this origin. */
function sendHtml(reply: FastifyReply, status: number, title: string, body: Raw, signedIn = false): FastifyReply {
  return sendPage(reply, { status, title, body, signedIn, focused: true }, { formAction: false });
}
