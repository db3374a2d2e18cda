import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';

import { escapeHtml } from './html-escape.js';

export { escapeHtml };

const STYLE = `
:root { color-scheme: light dark; --accent: #0b57d0; --muted: #5f6368; --line: #c4c7c5; }
body { font: 16px/1.5 system-ui, sans-serif; margin: 0; }
header, main, footer { max-width: 44rem; margin: 0 auto; padding: 1rem; }
header { display: flex; justify-content: space-between; align-items: center; border-bottom: 1px solid var(--line); }
header a { font-weight: 600; text-decoration: none; color: inherit; }
h1 { font-size: 1.6rem; margin: 1rem 0; }
label { display: block; font-weight: 600; margin: 1rem 0 .25rem; }
input { font: inherit; padding: .5rem; width: 100%; max-width: 24rem; box-sizing: border-box; }
button, .button { font: inherit; padding: .5rem 1rem; margin-top: .75rem; border: 1px solid var(--accent); border-radius: .25rem;
  background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; display: inline-block; }
button.secondary { background: transparent; color: var(--accent); }
:focus-visible { outline: 3px solid #f9ab00; outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; margin-top: 1rem; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); }
code { font-size: .95em; word-break: break-all; }
.note { color: var(--muted); }
.error { color: #b3261e; }
.secret { padding: 1rem; border: 2px solid var(--accent); border-radius: .25rem; margin: 1rem 0; }
`;

/**
 * The one layout of the few server-rendered pages: no framework and no external assets. Inline
 * style and script run only with this response's nonce (Content-Security-Policy).
 */
export function sendPage(reply: FastifyReply, page: { title: string; body: string; script?: string; signedIn?: boolean }): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  reply
    .header('content-security-policy', [
      "default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src 'nonce-${nonce}'`, "connect-src 'self'",
      "img-src 'self'", "form-action 'self'", "base-uri 'none'", "frame-ancestors 'none'",
    ].join('; '))
    .header('x-content-type-options', 'nosniff')
    .header('referrer-policy', 'same-origin')
    .type('text/html; charset=utf-8');
  const nav = page.signedIn
    ? '<nav aria-label="Account"><a href="/agent-access">Agent access</a></nav>'
    : '<nav aria-label="Account"><a href="/sign-in">Sign in</a></nav>';
  return reply.send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)} · Marketplace</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<header><a href="/sign-in">Marketplace</a>${nav}</header>
<main id="main">
${page.body}
</main>
${page.script ? `<script nonce="${nonce}">${page.script}</script>` : ''}
</body>
</html>
`);
}
