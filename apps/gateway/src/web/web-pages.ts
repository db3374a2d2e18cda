import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, listAuthMethods, safeLocalPath, type Caller } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { Authenticator } from '../auth/authenticator.js';
import { html, sendPage } from './layout.js';
import { callContext, callOperation } from '../call/operation-call.js';

interface WebDeps {
  bus: BusClient;
  auth: Authenticator;
  /** PUBLIC_URL: a path to follow sign-in must stay on this origin. */
  publicUrl: string;
}

/** Only a path on this site may follow sign-in (never another origin, however a browser reads it). */
function localPath(value: unknown, fallback: string, publicUrl: string): string {
  return safeLocalPath(value, publicUrl) ?? fallback;
}

const ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'That sign-in link is not valid or was already used. Ask for a new one below.',
  EXPIRED_TOKEN: 'That sign-in link has expired (links last 5 minutes). Ask for a new one below.',
  EMAIL_NOT_VERIFIED: 'Your provider did not confirm your email address, so we could not sign you in with it.',
  ACCESS_DENIED: 'Sign-in was cancelled at the provider.',
};

async function signedIn(deps: WebDeps, req: FastifyRequest, reply: Parameters<Authenticator['sessionCaller']>[1]): Promise<Caller | null> {
  return deps.auth.sessionCaller(req, reply).catch(() => null);
}

/** Sign-in and Agent access: small server-rendered pages over the same JSON API everyone uses. */
export function registerWebPages(app: FastifyInstance, deps: WebDeps): Map<string, Set<string>> {
  app.get('/sign-in', async (req, reply) => {
    const query = req.query as Record<string, unknown>;
    const next = localPath(query.next, '/agent-access', deps.publicUrl);
    const caller = await signedIn(deps, req, reply);
    const { methods } = await callOperation(deps.bus, listAuthMethods, {}, callContext(req, null, 'web'))
      .catch((err: unknown) => {
        if (err instanceof AppError) return { methods: [] };
        throw err;
      });
    const error = typeof query.error === 'string' ? ERRORS[query.error] ?? 'Sign-in did not work. Try again.' : undefined;
    const email = methods.some((m) => m.id === 'magic_link');
    const oidc = methods.find((m) => m.id === 'oidc');
    const body = html`
<h1>Sign in</h1>
${caller ? html`<p>You are already signed in. Go to <a href="/agent-access">Agent access</a>.</p>` : ''}
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
${email ? html`
<form id="sign-in-form" novalidate data-next="${next}">
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus>
  <p class="note">We email you a link that signs you in. It works once, within 5 minutes. New here? The link creates your account.</p>
  <button type="submit">Email me a sign-in link</button>
  <p id="status" role="status" aria-live="polite"></p>
</form>
<noscript><p>Signing in needs JavaScript.</p></noscript>` : html`<p>Sign-in by email is not available on this service.</p>`}
${oidc ? html`<p><a class="button" href="/api/auth/sign-in/oidc?callbackURL=${encodeURIComponent(next)}&amp;errorCallbackURL=%2Fsign-in">Sign in with ${oidc.name}</a></p>` : ''}
`;
    return sendPage(reply, { title: 'Sign in', body, signedIn: !!caller, ...(email ? { scripts: ['sign-in'] as const } : {}) });
  });

  app.get('/sign-in/check-email', async (_req, reply) => sendPage(reply, {
    title: 'Check your email',
    body: html`
<h1>Check your email</h1>
<p>If the address can receive mail, a sign-in link is on its way. Open it on this device within 5 minutes; it works once.</p>
<p class="note">Nothing arrived? Check spam, or <a href="/sign-in">ask for a new link</a>.</p>`,
  }));

  app.get('/agent-access', async (req, reply) => {
    // An identity outage is a 503 here, not a misleading trip to the sign-in page.
    const caller = await deps.auth.sessionCaller(req, reply);
    if (!caller) return reply.redirect('/sign-in?next=%2Fagent-access', 302);
    return sendPage(reply, {
      title: 'Agent access',
      signedIn: true,
      body: html`
<h1>Agent access</h1>
<p>API keys let your agents use the REST API as you: send <code>Authorization: Bearer &lt;key&gt;</code>.
Each key allows 120 requests a minute. Agents on MCP sign in with OAuth instead and need no key.</p>
<form id="create-form" novalidate>
  <h2>Create a key</h2>
  <label for="key-name">Key name</label>
  <input id="key-name" name="name" maxlength="120" required placeholder="e.g. My research agent">
  <button type="submit">Create key</button>
</form>
<section id="new-key" class="secret" tabindex="-1" hidden aria-labelledby="new-key-heading">
  <h2 id="new-key-heading">New key: <span id="new-key-name"></span></h2>
  <p>Copy it now: it is shown only this once.</p>
  <p><code id="new-key-value"></code></p>
</section>
<p id="status" role="status" aria-live="polite"></p>
<h2 id="keys-heading" tabindex="-1">Your keys</h2>
<p id="no-keys" class="note" hidden>You have no API keys.</p>
<div class="table-wrap"><table>
  <thead><tr><th scope="col">Name</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col"><span class="note">Action</span></th></tr></thead>
  <tbody id="keys"></tbody>
</table></div>
<h2 id="agents-heading" tabindex="-1">Connected agents</h2>
<p class="note">Agents you approved over MCP sign-in. Disconnecting ends their access at once; connecting again asks you again.</p>
<p id="no-agents" class="note" hidden>No agents are connected.</p>
<div class="table-wrap"><table>
  <thead><tr><th scope="col">Agent</th><th scope="col">Returns to</th><th scope="col">Scopes</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col"><span class="note">Action</span></th></tr></thead>
  <tbody id="agents"></tbody>
</table></div>
<p><button type="button" id="sign-out" class="secondary">Sign out</button></p>`,
      scripts: ['agent-access'],
    });
  });

  // The record link's token is in the fragment, which the browser keeps to itself; the script reads it.
  app.get('/record', async (_req, reply) => sendPage(reply, {
    title: 'Record a walkthrough',
    body: html`
<h1>Record a walkthrough</h1>
<p id="who"></p>
<p id="needs">Loading…</p>
<p class="note">Your screen is recorded (up to 10 minutes), with your voice; parts are saved as you go. Close other windows that show passwords or customer data.</p>
<label><input type="checkbox" id="webcam"> Also use my webcam</label>
<p><button type="button" id="start" disabled>Start recording</button> <button type="button" id="stop" hidden>Stop</button></p>
<p id="status" role="status" aria-live="polite"></p>
<p id="result"></p>`,
    scripts: ['record'],
  }));

  // Browsers ask for it on every page; no icon, and no 404 in their consoles.
  app.get('/favicon.ico', async (_req, reply) => reply.code(204).header('cache-control', 'public, max-age=86400').send());

  return new Map([
    ['/favicon.ico', new Set(['GET'])],
    ['/sign-in', new Set(['GET'])],
    ['/sign-in/check-email', new Set(['GET'])],
    ['/agent-access', new Set(['GET'])],
  ]);
}
