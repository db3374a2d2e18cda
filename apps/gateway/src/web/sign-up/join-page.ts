import { acceptInvitation, AppError, type Caller, getAccess, joinWaitlist, validateInput } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { formFields } from '../kit/form-posts.js';
import { html, type Raw, sendPage } from '../kit/layout.js';
import { callAs, definePage, type PageDefinition, type PageDeps } from '../kit/page.js';

type JoinPageDeps = Pick<PageDeps, 'bus'>;

type Notice = { kind: 'ok' | 'error'; text: string; field?: 'token' | 'email' };

interface View {
  inviteOnly: boolean;
  standing: string;
  token: string;
  email: string;
  notice?: Notice;
}

/**
 * The invite-only gate: explains it, accepts an invitation token and joins the waitlist. Plain
 * HTML forms (no scripts), so it works in any browser and with assistive technology; the answers
 * come from the same catalogue operations as the API.
 */
export function joinPages(deps: JoinPageDeps): PageDefinition[] {
  return [
    definePage({
      method: 'GET',
      path: '/join',
      guard: 'visitor',
      handler: async (req, reply, caller) => {
        const query = req.query as Record<string, string | undefined>;
        const view = await baseView(deps, req, caller, String(query.token ?? '').slice(0, 200));
        return page(reply, 200, view);
      },
    }),

    definePage({
      method: 'POST',
      path: '/join',
      guard: 'visitor',
      handler: async (req, reply, caller) => {
        const form = formFields(req);
        const token = String(form.token ?? '')
          .trim()
          .slice(0, 200);
        const email = String(form.email ?? '')
          .trim()
          .slice(0, 254);
        let notice: Notice;
        let status = 200;
        try {
          if (form.action === 'waitlist') {
            const input = validateInput(joinWaitlist.input, { email });
            await callAs(deps.bus, req, caller, joinWaitlist, input);
            notice = { kind: 'ok', text: `You are on the waitlist as ${input.email}. We will email you when a place opens.` };
          } else if (form.action === 'invite') {
            if (!caller) {
              status = 401;
              notice = { kind: 'error', field: 'token', text: 'Sign in first, then come back to this page with your invitation.' };
            } else {
              await callAs(deps.bus, req, caller, acceptInvitation, validateInput(acceptInvitation.input, { token }));
              notice = { kind: 'ok', text: 'You are in. Welcome to the marketplace.' };
            }
          } else {
            status = 400;
            notice = { kind: 'error', text: 'Choose to accept an invitation or to join the waitlist.' };
          }
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          status = err.status;
          const field = form.action === 'waitlist' ? 'email' : 'token';
          const detail = err.extra.fields ? Object.values(err.extra.fields)[0] : undefined;
          notice = { kind: 'error', field, text: detail && err.status === 400 ? `${err.message} ${detail}` : err.message };
        }
        const view = await baseView(deps, req, caller, token);
        return page(reply, status, { ...view, email, notice });
      },
    }),
  ];
}

async function baseView(deps: JoinPageDeps, req: FastifyRequest, caller: Caller | null, token: string): Promise<View> {
  const access = await callAs(deps.bus, req, caller, getAccess, {}).catch(() => ({ inviteOnly: true, standing: caller ? 'needs_invitation' : 'signed_out' }));
  return { inviteOnly: access.inviteOnly, standing: access.standing, token, email: '' };
}

function page(reply: FastifyReply, status: number, view: View): FastifyReply {
  const notice = view.notice;
  const describe = (field: 'token' | 'email') => (notice?.kind === 'error' && notice.field === field ? 'notice' : undefined);
  const intro: Raw = view.inviteOnly
    ? html`<p>The marketplace is invite-only for now. Members who are already in can invite others.
        If someone invited you, sign in with the email address they used and accept the invitation below.
        Otherwise, join the waitlist and we will email you when a place opens.</p>`
    : html`<p>The marketplace is open to everyone right now: sign in to post jobs and apply. You need no invitation.</p>`;
  const standing =
    {
      signed_out: 'You are not signed in.',
      needs_invitation: 'You are signed in but not let in yet.',
      waitlisted: 'You are on the waitlist.',
      admitted: 'You are in.',
    }[view.standing] ?? '';
  const body = html`
<h1>Join the marketplace</h1>
${intro}
<p>${standing}</p>
${notice ? html`<div id="notice" class="notice ${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}">${notice.text}</div>` : ''}
<section class="part" aria-labelledby="invite-heading">
<h2 id="invite-heading">I have an invitation</h2>
<form method="post" action="/join">
<input type="hidden" name="action" value="invite">
<label for="token">Invitation token</label>
<input id="token" name="token" required maxlength="200" autocomplete="off" value="${view.token}"${describe('token') ? html` aria-invalid="true" aria-describedby="notice"` : ''}>
<button type="submit">Accept invitation</button>
</form>
</section>
<section class="part" aria-labelledby="waitlist-heading">
<h2 id="waitlist-heading">Join the waitlist</h2>
<form method="post" action="/join">
<input type="hidden" name="action" value="waitlist">
<label for="email">Email address</label>
<input id="email" name="email" type="email" required maxlength="254" autocomplete="email" value="${view.email}"${describe('email') ? html` aria-invalid="true" aria-describedby="notice"` : ''}>
<button type="submit">Join the waitlist</button>
</form>
</section>
`;
  return sendPage(reply, { status, title: 'Join the marketplace', body, signedIn: view.standing !== 'signed_out' });
}
