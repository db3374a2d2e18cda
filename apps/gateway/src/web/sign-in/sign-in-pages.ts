import { AppError, listAuthMethods, safeLocalPath } from '@marketplace/contracts';

import { html, sendPage } from '../kit/layout.js';
import { callAs, definePage, type PageDefinition, type PageDeps } from '../kit/page.js';

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

/** Sign-in: a small server-rendered page over the same JSON API everyone uses, and where it leads. */
export function signInPages(deps: Pick<PageDeps, 'bus' | 'publicUrl'>): PageDefinition[] {
  const signIn = definePage({
    method: 'GET',
    path: '/sign-in',
    guard: 'visitor',
    handler: async (req, reply, caller) => {
      const query = req.query as Record<string, unknown>;
      const next = localPath(query.next, '/agent-access', deps.publicUrl);
      const { methods } = await callAs(deps.bus, req, null, listAuthMethods, {}).catch((err: unknown) => {
        if (err instanceof AppError) return { methods: [] };
        throw err;
      });
      const error = typeof query.error === 'string' ? (ERRORS[query.error] ?? 'Sign-in did not work. Try again.') : undefined;
      const email = methods.some((m) => m.id === 'magic_link');
      const oidc = methods.find((m) => m.id === 'oidc');
      const body = html`
<h1>Sign in</h1>
${caller ? html`<p>You are already signed in. Go to <a href="/agent-access">Agent access</a>.</p>` : ''}
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
${
  email
    ? html`
<form id="sign-in-form" novalidate data-next="${next}">
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" autocomplete="email" required autofocus>
  <p class="note">We email you a link that signs you in. It works once, within 5 minutes. New here? The link creates your account.</p>
  <button type="submit">Email me a sign-in link</button>
  <p id="status" role="status" aria-live="polite"></p>
</form>
<noscript><p>Signing in needs JavaScript.</p></noscript>`
    : html`<p>Sign-in by email is not available on this service.</p>`
}
${oidc ? html`<p><a class="button" href="/api/auth/sign-in/oidc?callbackURL=${encodeURIComponent(next)}&amp;errorCallbackURL=%2Fsign-in">Sign in with ${oidc.name}</a></p>` : ''}
`;
      return sendPage(reply, { title: 'Sign in', body, signedIn: !!caller, ...(email ? { scripts: ['sign-in'] as const } : {}) });
    },
  });

  const checkEmail = definePage({
    method: 'GET',
    path: '/sign-in/check-email',
    guard: 'public',
    handler: async (_req, reply) =>
      sendPage(reply, {
        title: 'Check your email',
        body: html`
<h1>Check your email</h1>
<p>If the address can receive mail, a sign-in link is on its way. Open it on this device within 5 minutes; it works once.</p>
<p class="note">Nothing arrived? Check spam, or <a href="/sign-in">ask for a new link</a>.</p>`,
      }),
  });

  return [signIn, checkEmail];
}
