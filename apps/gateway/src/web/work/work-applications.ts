import { AppError, listMyApplications, type MyApplication, withdrawApplication } from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { findInPages, listPageOf, pageLinks } from '../kit/paging.js';

/** My applications: every job I applied to with its status, the way to the work once hired, and withdrawing a waiting one. */

const NOTICES = { withdrawn: 'Your application is withdrawn. You can apply to the job again while it is open.' } as const;

export function applicationPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const list: PageRender = (req, reply, caller) =>
    guarded(reply, 'Your applications', async () => {
      const page = listPageOf(req);
      const { applications, total } = await callAs(deps.bus, req, caller, listMyApplications, page);
      return memberPage(reply, {
        title: 'Your applications',
        body: html`<h1>Your applications</h1>
${noticeOf(doneNotice(req, NOTICES))}
${
  applications.length
    ? html`<ul class="cards" id="applications">${applications.map(applicationCard)}</ul>`
    : total
      ? html`<p id="no-applications">No applications on this page. <a href="/me/applications">The newest ones</a>.</p>`
      : html`<p id="no-applications">You have not applied to a job yet. <a href="/">Find a job</a>.</p>`
}
${pageLinks('/me/applications', '', page, total)}`,
      });
    });
  pages.push(sessionPage('/me/applications', list));

  // Withdrawing cannot be undone for this application, so it asks first, on a page of its own (no script needed).
  const confirm: PageRender = (req, reply, caller, state, status) =>
    guarded(reply, 'Withdraw the application', async () => {
      const { id } = req.params as { id: string };
      const app = await findInPages(
        async (page) => {
          const out = await callAs(deps.bus, req, caller, listMyApplications, page);
          return { items: out.applications, total: out.total };
        },
        (a) => a.id === id,
      );
      if (!app) throw AppError.notFound('You have no application with this id.');
      return memberPage(reply, {
        status,
        title: 'Withdraw the application',
        body: html`<h1>Withdraw your application?</h1>
${noticeOf(state.notice)}
<p>To <a href="/jobs/${app.job.id}">${app.job.title}</a>, sent ${when(app.createdAt)}. Status: <span class="status">${app.statusLabel}</span>.</p>
${
  app.status === 'submitted'
    ? html`<p>The poster will no longer see it. You can apply again while the job is open.</p>
<form method="post" action="/me/applications/${app.id}/withdraw">
<button type="submit">Yes, withdraw it</button> <a class="button secondary" href="/me/applications">Keep it</a>
</form>`
    : html`<p class="note">Only an application that still waits for the poster can be withdrawn.</p><p><a href="/me/applications">Back to your applications</a></p>`
}`,
      });
    });
  pages.push(sessionPage('/me/applications/:id/withdraw', confirm));
  pages.push(
    formAction(deps, {
      path: '/me/applications/:id/withdraw',
      form: 'withdraw',
      op: withdrawApplication,
      input: (_f, p) => ({ id: p.id }),
      done: () => '/me/applications?done=withdrawn',
      page: confirm,
    }),
  );
  return pages;
}

function applicationCard(a: MyApplication): Raw {
  const hired = a.status === 'accepted';
  return html`<li class="card" id="application-${a.id}">
<h2><a href="/jobs/${a.job.id}">${a.job.title}</a></h2>
<p class="meta">Sent ${when(a.createdAt)}${a.decidedAt ? html` · decided ${when(a.decidedAt)}` : ''} · job version ${String(a.appliedTo.version)}${
    a.jobChangedSinceApplying ? ' · the job changed since you applied' : ''
  }</p>
<p>Status: <span class="status">${a.statusLabel}</span></p>
${a.contact ? html`<p>Poster: ${a.contact.name} · <a href="mailto:${a.contact.email}">${a.contact.email}</a></p>` : ''}
<p class="actions">${hired ? html`<a class="button" href="/jobs/${a.job.id}/work">Open the work page</a>` : ''}${
    a.status !== 'declined' && a.status !== 'withdrawn' ? html`<a class="button secondary" href="/me/messages/${a.id}">Messages with the poster</a>` : ''
  }${a.status === 'submitted' ? html`<a class="button secondary" href="/me/applications/${a.id}/withdraw">Withdraw…</a>` : ''}</p>
</li>`;
}
