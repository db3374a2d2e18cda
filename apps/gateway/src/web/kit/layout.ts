import type { FastifyReply } from 'fastify';

import { assetUrl, type ScriptName } from './assets.js';
import { html, type Raw, raw } from './html-escape.js';

export { escapeHtml, html, Raw, raw } from './html-escape.js';

export interface Page {
  title: string;
  /** Built with the `html` tag, so every value in it is escaped. */
  body: Raw;
  /** Browser scripts (web/scripts/*.ts), loaded as modules from /assets. */
  scripts?: readonly ScriptName[];
  /** Whether the header offers Agent access (signed in) or Sign in. */
  signedIn?: boolean;
  status?: number;
  /**
   * A page that must hold the visitor to one decision (the agent consent page): the header names
   * the site without links, so the first Tab reaches the page's own first control.
   */
  focused?: boolean;
  /**
   * Origins the page's scripts may send requests to besides this one: the object store, on the
   * pages that upload files straight to it (S3_BROWSER_UPLOADS).
   */
  connectTo?: readonly string[];
}

/** No inline script or style, nothing from another origin but the store a page uploads to. */
function contentSecurityPolicy(formAction: boolean, connectTo: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    ["connect-src 'self'", ...connectTo].join(' '),
    "img-src 'self'",
    "media-src 'self'",
    // The consent form answers with a redirect to the agent's own address, so it cannot be limited to this origin.
    ...(formAction ? ["form-action 'self'"] : []),
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * Where the header shows the signed-in member's unread notifications, filled in as the page is
 * sent (unread-badge.ts). A comment: no escaped value can make one, so no page text can stand in.
 */
export const UNREAD_MARK = '<!--unread-count-->';

/** The policy of every page but the consent page (see sendPage). */
export const PAGE_CSP = contentSecurityPolicy(true);

/** The one layout of every server-rendered page: header, main, footer, one stylesheet, module scripts. */
export function renderPage(page: Page): string {
  const nav = page.signedIn
    ? html`<li><a href="/me/jobs">My jobs</a></li><li><a href="/me/applications">Applications</a></li><li><a href="/me/messages">Messages</a></li><li><a href="/me/notifications">Notifications${raw(UNREAD_MARK)}</a></li><li><a href="/me">Me</a></li><li><a href="/agent-access">Agent access</a></li>`
    : html`<li><a href="/sign-in">Sign in</a></li>`;
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${page.title} · Marketplace</title>
<link rel="stylesheet" href="${assetUrl('site.css')}">
${(page.scripts ?? []).map((s) => html`<script type="module" src="${assetUrl(`${s}.js`)}"></script>\n`)}</head>
<body>
${
  page.focused
    ? html`<header class="site-header"><span class="brand">Marketplace</span></header>`
    : html`<a class="skip" href="#main">Skip to content</a>
<header class="site-header">
<a class="brand" href="/">Marketplace</a>
<nav aria-label="Site"><ul><li><a href="/">Jobs</a></li><li><a href="/api/docs">API</a></li>${nav}</ul></nav>
</header>`
}
<main id="main">
${page.body}
</main>
<footer class="site-footer">
<p>Members post jobs; people and their agents apply over the web, REST and MCP. <a href="/api/docs">API reference</a> · <a href="/#connect">Connect an agent</a> · <a href="/join">Join</a> · <a href="/help">Help</a></p>
</footer>
</body>
</html>
`.value;
}

/** Sends a page with the headers every page carries. */
export function sendPage(reply: FastifyReply, page: Page, opts: { formAction?: boolean } = {}): FastifyReply {
  return reply
    .code(page.status ?? 200)
    .header('content-security-policy', contentSecurityPolicy(opts.formAction ?? true, page.connectTo))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8')
    .send(renderPage(page));
}
