import type Provider from 'oidc-provider';

import { html, renderPage } from '../web/kit/layout.js';

/** The authorization server's own error page: what went wrong, and where to go from here. */
export function errorPage(error: string, description: string): string {
  return renderPage({
    title: 'Sign-in problem',
    body: html`<h1>Sign-in could not continue</h1>
<p role="alert">${description}</p>
<p class="muted">Error code: <code>${error}</code>. Go back to your agent and start connecting again.</p>`,
  });
}

/**
 * Anyone can register a client, so a client's redirect URI is not trusted before a person has
 * acted on the consent page: every error of the first authorization request (an unsupported
 * response type, no or a malformed PKCE challenge, another resource, prompt=none, in whatever
 * response mode it asks for) is answered on this server's own page (renderError), never by
 * a redirect or an auto-submitting form to the client, or a link to our authorize endpoint would
 * bounce a person to any site that registered itself (RFC 9700, 4.11.2). Errors after the person
 * acted (`access_denied` when they decline) come from the interaction's resume route and still go
 * back to the client.
 *
 * oidc-provider decides between renderError and the client's redirect URI on the error's
 * `allow_redirect`, after emitting the event, so the listener turns it off for the first request.
 */
export function keepErrorsHome(provider: Pick<Provider, 'on'>): void {
  // The events carry the request's context and the error about to be answered.
  const stayHome = (ctx: { oidc?: { route?: string } } | undefined, err: unknown): void => {
    if (ctx?.oidc?.route === 'authorization' && err && typeof err === 'object') (err as { allow_redirect?: boolean }).allow_redirect = false;
  };
  provider.on('authorization.error', stayHome);
  // A fault of the server's own (500) is emitted as server_error, and would be redirected the same way.
  provider.on('server_error', stayHome);
}
