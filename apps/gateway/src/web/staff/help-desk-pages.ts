import {
  APPEAL_TOPIC,
  AppError,
  type Caller,
  getHelpRequest,
  HELP_STATUS_LABELS,
  HELP_STATUSES,
  HELP_TOPIC_NAMES,
  type listHelpRequests,
  type OutputOf,
  replyToHelpRequest,
  setHelpRequestStatus,
  validateInput,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { staffOnlyPage } from '../kit/error-pages.js';
import { selectInput, textArea } from '../kit/form-fields.js';
import { formFields } from '../kit/form-posts.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, definePage, errorText, type FormState, noticeOf, type PageDefinition, type PageDeps, when } from '../kit/page.js';
import { crumbs, page, staffGuarded } from './staff-page-parts.js';
import { liftForm } from './suspension-pages.js';

type Deps = Pick<PageDeps, 'bus'>;
type ListedHelpRequest = OutputOf<typeof listHelpRequests>['helpRequests'][number];
type HelpRequestDetail = OutputOf<typeof getHelpRequest>;

export const HELP_REQUEST_COLUMNS = ['Received', 'From', 'Topic', 'Message', 'Job / application', 'Status'];

function sender(r: ListedHelpRequest): Raw {
  if (!r.memberName && !r.memberEmail) return html`<span class="muted">Account deleted</span> <code>${r.memberId}</code>`;
  return html`${r.memberName ?? ''}${r.memberEmail ? html`<br><a href="mailto:${r.memberEmail}">${r.memberEmail}</a>` : ''}`;
}

function named(r: ListedHelpRequest): Raw | null {
  if (!r.jobId && !r.applicationId) return null;
  return html`${r.jobId ? html`job <a href="/jobs/${r.jobId}">${r.jobId}</a>` : ''}${r.jobId && r.applicationId ? html`<br>` : ''}${r.applicationId ? html`application <code>${r.applicationId}</code>` : ''}`;
}

/** One row of the console's list: the topic opens the request, where staff reply. */
export function helpRequestRow(r: ListedHelpRequest): Raw {
  return html`<tr><td>${when(r.createdAt)}</td><td>${sender(r)}</td>
<td><a href="/admin/help-requests/${r.id}">${HELP_TOPIC_NAMES[r.topic]}</a></td><td class="message-body">${r.message}</td>
<td>${named(r) ?? '-'}</td><td>${HELP_STATUS_LABELS[r.status]}</td></tr>`;
}

const AFTER_REPLY = [
  ['answered', 'Answered'],
  ['closed', 'Closed'],
] as const;

function detailBody(r: HelpRequestDetail, state: FormState): Raw {
  const others = HELP_STATUSES.filter((s) => s !== r.status);
  return html`
${crumbs('Help request', { href: '/admin/help-requests', text: 'Help requests' })}
<h1>${HELP_TOPIC_NAMES[r.topic]}</h1>
${noticeOf(state.notice)}
<p class="meta">From ${sender(r)} · sent ${when(r.createdAt)} by ${r.via === 'oauth' ? 'an agent' : r.via === 'key' ? 'API key' : 'the website'}</p>
<p class="meta">Status: <strong>${HELP_STATUS_LABELS[r.status]}</strong>${named(r) ? html` · ${named(r)}` : ''}</p>
<p class="message-body">${r.message}</p>
${
  r.topic === APPEAL_TOPIC
    ? html`<section class="part" aria-labelledby="appeal-heading"><h2 id="appeal-heading">The appeal</h2>
<p class="note">Lift the suspension here, or uphold it by replying and closing the request. <a href="/admin/suspensions">All suspensions</a></p>
${liftForm(r.memberId, r.memberName ?? r.memberId)}
</section>`
    : ''
}
<section class="part" aria-labelledby="replies-heading"><h2 id="replies-heading">Replies</h2>
${
  r.replies.length
    ? html`<ol class="messages">${r.replies.map((x) => html`<li class="message"><p class="meta">${when(x.createdAt)} by <code>${x.staffId}</code></p><p class="message-body">${x.message}</p></li>`)}</ol>`
    : html`<p class="note">No reply yet.</p>`
}
<form method="post" action="/admin/help-requests/${r.id}/reply" novalidate>
${textArea({ form: 'reply', name: 'message', label: 'Your reply', required: true, maxlength: 4000, hint: 'Emailed to the member and shown under their help requests.' }, state)}
${selectInput({ form: 'reply', name: 'status', label: 'Then mark the request', options: AFTER_REPLY, value: 'answered' }, state)}
<button type="submit">Send the reply</button>
</form></section>
<section class="part" aria-labelledby="status-heading"><h2 id="status-heading">Status</h2>
<form method="post" action="/admin/help-requests/${r.id}/status">
${others.map((s) => html`<button type="submit" name="status" value="${s}" class="secondary">Mark ${s}</button> `)}
</form></section>`;
}

/** A staff member reads one help request, replies to it and sets its status. */
export function helpDeskPages(deps: Deps): PageDefinition[] {
  const render = (req: FastifyRequest, reply: FastifyReply, caller: Caller, id: string, state: FormState = {}, code = 200) =>
    staffGuarded(reply, async () => {
      const request = await callAs(deps.bus, req, caller, getHelpRequest, validateInput(getHelpRequest.input, { id }));
      return page(reply, 'Help request', detailBody(request, state), code);
    });

  /** Runs the form's operation, then shows the request again with what happened. */
  const act = (form: 'reply' | 'status') => async (req: FastifyRequest, reply: FastifyReply, caller: Caller) => {
    const { id } = req.params as { id: string };
    const values = formFields(req);
    try {
      if (form === 'reply') {
        const input = validateInput(replyToHelpRequest.input, { id, message: values.message, status: values.status });
        await callAs(deps.bus, req, caller, replyToHelpRequest, input);
        return await render(req, reply, caller, id, {
          notice: { kind: 'ok', text: `Reply sent: the member is emailed and sees it with the request (now ${input.status}).` },
        });
      }
      const input = validateInput(setHelpRequestStatus.input, { id, status: values.status });
      await callAs(deps.bus, req, caller, setHelpRequestStatus, input);
      return await render(req, reply, caller, id, { notice: { kind: 'ok', text: `Marked ${input.status}.` } });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 401 || err.status === 403) return staffOnlyPage(reply, err);
      const state: FormState = { form, values, errors: (err.extra.fields ?? {}) as Record<string, string>, notice: { kind: 'error', text: errorText(err) } };
      return render(req, reply, caller, id, state, err.status);
    }
  };

  return [
    definePage({
      method: 'GET',
      path: '/admin/help-requests/:id',
      guard: 'staff',
      handler: (req, reply, caller) => render(req, reply, caller, (req.params as { id: string }).id),
    }),
    definePage({ method: 'POST', path: '/admin/help-requests/:id/reply', guard: 'staff', handler: act('reply') }),
    definePage({ method: 'POST', path: '/admin/help-requests/:id/status', guard: 'staff', handler: act('status') }),
  ];
}
