import { acceptInvitation, getAccess, getMyInviteLink, inviteByEmail, type OutputOf } from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { meCrumbs, scrollTable } from './me-page-parts.js';

const DONE = {
  emailed: 'Your invitation is on its way.',
  again: 'You had already invited that address; nothing was sent again.',
  accepted: 'You are in. Welcome to the marketplace.',
} as const;

const PENDING_STATES = { sending: 'Sending', sent: 'Sent', failed: 'Not delivered: invite again to retry' } as const;

function linkPart(link: OutputOf<typeof getMyInviteLink>, state: FormState): Raw {
  const allowance =
    link.remaining === null
      ? 'You may invite as many people as you like.'
      : `${link.remaining} of ${link.limit} places left (people who join through your link and email invitations both count).`;
  return html`
<section class="part" aria-labelledby="link-heading">
<h2 id="link-heading">Your invitation link</h2>
${
  link.revoked
    ? html`<p class="notice error">Your link was turned off by the moderators; it no longer lets anyone in.</p>`
    : html`
<label for="invite-url">Share this link</label>
<input id="invite-url" value="${link.url}" readonly aria-describedby="invite-url-hint">
<p class="note" id="invite-url-hint">Whoever joins through it uses one of your places.</p>`
}
<p>${allowance} ${link.uses} joined so far.</p>
</section>
<section class="part" aria-labelledby="email-heading">
<h2 id="email-heading">Invite by email</h2>
<form method="post" action="/me/invitations/email" novalidate>
${textInput({ form: 'invite', name: 'email', label: 'Their email address', type: 'email', maxlength: 254, required: true, autocomplete: 'off' }, state)}
<button type="submit">Send invitation</button>
</form>
${
  link.pendingInvitations.length
    ? html`<h3>Invited by email</h3>${scrollTable(
        'Invited by email',
        html`<table>
<thead><tr><th scope="col">Email</th><th scope="col">State</th><th scope="col">Invited</th></tr></thead>
<tbody>${link.pendingInvitations.map((p) => html`<tr><td>${p.email}</td><td>${PENDING_STATES[p.state]}</td><td>${when(p.createdAt)}</td></tr>`)}</tbody>
</table>`,
      )}`
    : ''
}
</section>
<section class="part" aria-labelledby="joined-heading">
<h2 id="joined-heading">Who joined</h2>
${
  link.joined.length
    ? html`<ul>${link.joined.map((j) => html`<li><a href="/members/${j.id}">${j.name}</a>, ${when(j.joinedAt)}</li>`)}</ul>`
    : html`<p class="note">Nobody has joined through you yet.</p>`
}
</section>`;
}

function acceptPart(token: string, state: FormState): Raw {
  return html`
<section class="part" aria-labelledby="accept-heading">
<h2 id="accept-heading">Accept an invitation</h2>
<p>The marketplace is invite-only for now. If someone invited you, paste the token from their link (the part after <code>token=</code>).
Otherwise <a href="/join">join the waitlist</a>.</p>
<form method="post" action="/me/invitations/accept" novalidate>
${textInput({ form: 'accept', name: 'token', label: 'Invitation token', value: token, maxlength: 200, required: true, autocomplete: 'off' }, state)}
<button type="submit">Accept invitation</button>
</form>
</section>`;
}

const invitationsPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Invitations', async () => {
      const access = await callAs(deps.bus, req, caller, getAccess, {});
      const token = (req.query as Record<string, unknown>).token;
      const body =
        access.standing === 'admitted'
          ? linkPart(await callAs(deps.bus, req, caller, getMyInviteLink, {}), state)
          : acceptPart(typeof token === 'string' ? token.slice(0, 200) : '', state);
      return memberPage(reply, {
        title: 'Invitations',
        status,
        body: html`
${meCrumbs('Invitations')}
<h1>Invitations</h1>
${noticeOf(state.notice ?? doneNotice(req, DONE))}
${body}`,
      });
    });

/** /me/invitations: my link and allowance, invitations by email, and accepting one while not yet let in. */
export function meInvitationsPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const page = invitationsPage(deps);
  pages.push(sessionPage('/me/invitations', page));
  pages.push(
    formAction(deps, {
      path: '/me/invitations/email',
      form: 'invite',
      op: inviteByEmail,
      page,
      input: (f) => ({ email: f.email?.trim() }),
      done: (out) => `/me/invitations?done=${out.alreadyInvited ? 'again' : 'emailed'}`,
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/invitations/accept',
      form: 'accept',
      op: acceptInvitation,
      page,
      input: (f) => ({ token: f.token }),
      done: () => '/me/invitations?done=accepted',
    }),
  );
  return pages;
}
