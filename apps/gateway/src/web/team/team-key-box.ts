import type { Caller, createTeamApiKey, OutputOf } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { html, type Raw } from '../kit/layout.js';
import type { FormState } from '../kit/page.js';

/** A team or candidate API key as just created: the only answer that carries the key itself. */
export type CreatedKey = OutputOf<typeof createTeamApiKey>;

/** Shown once, on the answer to the form that made it: the key never goes into a URL or a later page. */
export function keyBox(key: CreatedKey | undefined): Raw {
  if (!key) return html``;
  return html`<div class="secret" id="new-key" tabindex="-1" role="status">
<h3>Your new ${key.kind} key “${key.name}”</h3>
<p><code id="new-key-value">${key.key}</code></p>
<p class="note">Copy it now: it is shown only this once. Send it as <code>Authorization: Bearer …</code>.
List or revoke it under <a href="/agent-access">Agent access</a>.</p>
</div>`;
}

type KeyPage = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status: number, key: CreatedKey) => Promise<FastifyReply>;

/**
 * formAction's `shown` for a key form: the page again with the key, as the answer to the post
 * itself (never a redirect's URL), kept out of every cache.
 */
export const showKeyOnce = (page: KeyPage) => (key: CreatedKey, req: FastifyRequest, reply: FastifyReply, caller: Caller) =>
  page(req, reply.header('cache-control', 'no-store'), caller, {}, 201, key);
