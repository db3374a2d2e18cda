import { HELP_STATUS_LABELS, HELP_TOPIC_NAMES, listMyHelpRequests, type OutputOf } from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { sessionPage } from '../kit/form-action.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, memberPage, offsetOf, type PageDefinition, type PageDeps, pager, when } from '../kit/page.js';
import { meCrumbs } from '../me/me-page-parts.js';

const PAGE_SIZE = 20;

type MyHelpRequest = OutputOf<typeof listMyHelpRequests>['helpRequests'][number];

function requestCard(r: MyHelpRequest): Raw {
  return html`<li class="card" id="help-${r.id}">
<h2>${HELP_TOPIC_NAMES[r.topic]}</h2>
<p class="meta">Sent ${when(r.createdAt)} · <strong>${HELP_STATUS_LABELS[r.status]}</strong>${r.jobId ? html` · job <a href="/jobs/${r.jobId}">${r.jobId}</a>` : ''}${r.applicationId ? html` · application <code>${r.applicationId}</code>` : ''}</p>
<p class="message-body">${r.message}</p>
${
  r.replies.length
    ? html`<h3>Replies from the team</h3><ol class="messages">${r.replies.map((reply) => html`<li class="message"><p class="meta">${when(reply.createdAt)}</p><p class="message-body">${reply.message}</p></li>`)}</ol>`
    : html`<p class="note">No reply yet. The team answers by email, and the reply shows here too.</p>`
}
</li>`;
}

/** My help requests: what the member asked the team, each request's status and the team's replies. */
export function myHelpRequestsPages(deps: PageDeps): PageDefinition[] {
  return [
    sessionPage('/me/help-requests', (req, reply, caller) =>
      guarded(reply, 'My help requests', async () => {
        const offset = offsetOf(req);
        const out = await callAs(deps.bus, req, caller, listMyHelpRequests, { offset, limit: PAGE_SIZE });
        return memberPage(reply, {
          title: 'My help requests',
          body: html`
${meCrumbs('My help requests')}
<h1>My help requests</h1>
<p>What you asked the team, newest first, with their replies. <a href="/help">Ask the team something else</a></p>
${
  out.helpRequests.length
    ? html`<ul class="cards" aria-label="Your help requests">${out.helpRequests.map(requestCard)}</ul>`
    : html`<p class="note">You have not asked the team anything yet.</p>`
}
${pager('/me/help-requests', '', offset, out.nextOffset, PAGE_SIZE)}`,
        });
      }),
    ),
  ];
}
