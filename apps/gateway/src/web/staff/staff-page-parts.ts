import type { FastifyReply } from 'fastify';

import { guarded, staffOnlyPage } from '../kit/error-pages.js';
import { html, type Raw, sendPage } from '../kit/layout.js';

/** What every page of the staff console is built from. */

/** The console's pages: a refusal from the services becomes the staff-only page. */
export function staffGuarded(reply: FastifyReply, render: () => Promise<FastifyReply>): Promise<FastifyReply> {
  return guarded(reply, 'Staff console', render, staffOnlyPage);
}

export function page(reply: FastifyReply, title: string, body: Raw, status = 200): FastifyReply {
  return sendPage(reply, { title, body, signedIn: true, status });
}

export function crumbs(title: string, parent?: { href: string; text: string }): Raw {
  return html`<nav aria-label="Breadcrumb"><p class="meta"><a href="/admin">Staff console</a> › ${parent ? html`<a href="${parent.href}">${parent.text}</a> › ` : ''}${title}</p></nav>`;
}
