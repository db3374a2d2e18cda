import type { ServerResponse } from 'node:http';
import { html, PAGE_CSP, renderPage } from '../web/kit/layout.js';

/** The authorization server's own error page: what went wrong, and where to go from here. */
export function errorPage(error: string, description: string): string {
  return renderPage({ title: 'Sign-in problem', body: html`<h1>Sign-in could not continue</h1>
<p role="alert">${description}</p>
<p class="muted">Error code: <code>${error}</code>. Go back to your agent and start connecting again.</p>` });
}

/** Response modes that send the answer back to the client's redirect URI in the query, the only one this server offers. */
const QUERY_MODES = new Set([undefined, 'query']);

/**
 * Anyone can register a client, so a client's redirect URI is not trusted before a person has
 * acted on the consent page: an error in the first authorization request (an unsupported response
 * type, no PKCE challenge, another resource, a bad scope) is answered on this server's own page,
 * never by a redirect to the client, or a link to our authorize endpoint would bounce a person to
 * any site that registered itself (RFC 9700, 4.11.2). Errors after the person acted
 * (`access_denied` when they decline) still go back to the client, at the interaction's resume path.
 *
 * Called on the raw response before oidc-provider answers the request; returns the page to send
 * at once instead when the request asks for a response mode other than the query.
 */
export function keepErrorsHome(url: string, res: ServerResponse): string | undefined {
  const mode = new URL(url, 'http://local').searchParams.get('response_mode') ?? undefined;
  if (!QUERY_MODES.has(mode)) return errorPage('unsupported_response_mode', 'This server answers in the query only (response_mode=query).');
  const writeHead = res.writeHead.bind(res) as (status: number) => ServerResponse;
  const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
  let page: string | undefined;
  // Koa sets the status and Location, then ends the response; the headers go out from end() or writeHead().
  const swap = (status: number): boolean => {
    if (page !== undefined) return true;
    const location = res.getHeader('location');
    const found = status >= 300 && status < 400 && typeof location === 'string' ? errorIn(location) : undefined;
    if (!found) return false;
    page = errorPage(found.error, found.description);
    res.statusCode = 400;
    res.removeHeader('location');
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', PAGE_CSP);
    res.setHeader('content-length', Buffer.byteLength(page));
    return true;
  };
  res.writeHead = ((status: number, ...rest: unknown[]) =>
    (swap(status) ? writeHead(400) : (writeHead as (...args: unknown[]) => ServerResponse)(status, ...rest))) as typeof res.writeHead;
  res.end = ((...args: unknown[]) => {
    if (!res.headersSent) swap(res.statusCode);
    return page !== undefined ? end(page) : (end as (...a: unknown[]) => ServerResponse)(...args);
  }) as typeof res.end;
  return undefined;
}

/** The error a redirect carries in its query or fragment, if any. */
function errorIn(location: string): { error: string; description: string } | undefined {
  const url = new URL(location, 'http://local');
  for (const params of [url.searchParams, new URLSearchParams(url.hash.slice(1))]) {
    const error = params.get('error');
    if (error) return { error, description: params.get('error_description') ?? 'The sign-in request could not be completed.' };
  }
  return undefined;
}
