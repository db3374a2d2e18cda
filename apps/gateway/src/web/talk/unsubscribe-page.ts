import { AppError, unsubscribeContactNotification, validateInput } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { formFields } from '../kit/form-posts.js';
import { html, sendPage } from '../kit/layout.js';
import { callAs, definePage, type PageDefinition, type PageDeps } from '../kit/page.js';

type UnsubscribePageDeps = Pick<PageDeps, 'bus'>;

function tokenFrom(value: unknown): string {
  return typeof value === 'string' ? value.trim().slice(0, 300) : '';
}

/**
 * Where the unsubscribe link of an alert email leads, without signing in. Opening it only shows a
 * button, so mail scanners that fetch every link change nothing; the button (or a mail client's
 * one-click unsubscribe, RFC 8058, which posts to the same address) turns the switch off through
 * the catalogue operation.
 */
export function unsubscribePages(deps: UnsubscribePageDeps): PageDefinition[] {
  return [
    definePage({
      method: 'GET',
      path: '/unsubscribe',
      guard: 'public',
      handler: async (req, reply) => {
        const token = tokenFrom((req.query as Record<string, unknown>).token);
        reply.header('cache-control', 'no-store');
        const body = token
          ? html`
<h1>Stop these emails</h1>
<p>Turn off the alert emails this link was sent for. Your other switches stay as they are; you can turn it back on from your agent (set_contact_notifications) or the API.</p>
<form method="post" action="/unsubscribe">
<input type="hidden" name="token" value="${token}">
<button type="submit">Turn off these emails</button>
</form>`
          : html`<h1>Stop these emails</h1><p>This link is incomplete. Open the unsubscribe link from the email again.</p>`;
        return sendPage(reply, { status: token ? 200 : 400, title: 'Stop these emails', body });
      },
    }),

    definePage({
      method: 'POST',
      path: '/unsubscribe',
      guard: 'public',
      handler: async (req, reply) => {
        const token = tokenFrom(formFields(req).token) || tokenFrom((req.query as Record<string, unknown>).token);
        return answer(deps, req, reply, token);
      },
    }),
  ];
}

async function answer(deps: UnsubscribePageDeps, req: FastifyRequest, reply: FastifyReply, token: string): Promise<FastifyReply> {
  reply.header('cache-control', 'no-store');
  try {
    const input = validateInput(unsubscribeContactNotification.input, { token });
    const done = await callAs(deps.bus, req, null, unsubscribeContactNotification, input);
    return sendPage(reply, {
      title: 'Emails turned off',
      body: html`<h1>Emails turned off</h1><p id="notice" role="status">${done.description} are now off.</p>`,
    });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return sendPage(reply, {
      status: err.status,
      title: 'Stop these emails',
      body: html`<h1>Stop these emails</h1><p id="notice" class="notice error" role="alert">${err.message}</p>`,
    });
  }
}
