import {
  CONTACT_SWITCH_DESCRIPTIONS,
  CONTACT_SWITCHES,
  type ContactSwitch,
  CONTENT_REPORT_STATUSES,
  DELETE_CONFIRMATION,
  deleteMyAccount,
  endMySessions,
  getContactNotifications,
  listMyContentReports,
  type OutputOf,
  setContactNotifications,
} from '@marketplace/contracts';
import type { FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { checkBox, textInput, ticked } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, memberPage, noticeOf, offsetOf, type PageDefinition, type PageDeps, pager, type PageRender, when } from '../kit/page.js';
import { meCrumbs, scrollTable } from './me-page-parts.js';

const SWITCH_LABELS: Record<ContactSwitch, string> = {
  comments: 'Comments',
  preferredWorker: 'Named as a preferred worker',
  applications: 'Applications and your jobs',
  hiringAndWork: 'Hiring and work',
  messages: 'Messages and invitations',
};

const DELIVERY: Record<OutputOf<typeof getContactNotifications>['emailDelivery'], string> = {
  available:
    'Alerts whose switch is on are emailed to you, gathered into at most one email every few minutes. Sign-in links and the welcome email come whatever you choose here.',
  not_configured:
    'This marketplace sends no alert emails at the moment, so these switches take effect only once it does. Your alerts still wait under Notifications.',
  no_address: 'Your account has no email address to send to, so nothing is emailed. Your alerts still wait under Notifications.',
};

const settingsPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Email and agents', async () => {
      const now = await callAs(deps.bus, req, caller, getContactNotifications, {});
      return memberPage(reply, {
        title: 'Email and agents',
        status,
        body: html`
${meCrumbs('Email and agents')}
<h1>Email and agents</h1>
${noticeOf(state.notice ?? doneNotice(req, { saved: 'Your email choices are saved.' }))}
<section class="part" aria-labelledby="email-heading">
<h2 id="email-heading">Email alerts</h2>
<p id="delivery">${DELIVERY[now.emailDelivery]}</p>
<form method="post" action="/me/settings" novalidate>
<fieldset aria-describedby="delivery">
<legend>Email me about</legend>
${CONTACT_SWITCHES.map((s) => checkBox({ form: 'email', name: s, label: SWITCH_LABELS[s], hint: `${CONTACT_SWITCH_DESCRIPTIONS[s]}.`, checked: now[s] }, state))}
</fieldset>
<button type="submit">Save email choices</button>
</form>
<p class="note">Every alert email also has a link that turns its kind off without signing in.</p>
</section>
<section class="part" aria-labelledby="agents-heading">
<h2 id="agents-heading">Connected agents</h2>
<p>The agents that act for you (API keys and agents you approved over MCP sign-in) are listed, created and disconnected under
<a href="/agent-access">Agent access</a>.</p>
</section>
<section class="part" aria-labelledby="sessions-heading">
<h2 id="sessions-heading">Signed-in browsers</h2>
<p>Signed in on a computer you no longer use? End every browser session of yours, this one included. API keys and connected agents keep working.</p>
<form method="post" action="/me/sessions/end-all"><button type="submit" class="secondary">Sign out everywhere</button></form>
</section>`,
      });
    });

function statusFilter(req: FastifyRequest): (typeof CONTENT_REPORT_STATUSES)[number] | undefined {
  const value = (req.query as Record<string, unknown>).status;
  return CONTENT_REPORT_STATUSES.find((s) => s === value);
}

const REPORT_STATES = { open: 'Waiting for the moderators', dismissed: 'Dismissed: the content stays', removed: 'Removed' } as const;

function reported(r: OutputOf<typeof listMyContentReports>['reports'][number]): Raw {
  if (r.kind === 'job' && r.status !== 'removed') return html`<a href="/jobs/${r.itemId}">job</a>`;
  if (r.kind === 'member' && r.status !== 'removed') return html`<a href="/members/${r.itemId}">member</a>`;
  return html`${r.kind}`;
}

const REPORT_PAGE = 50;

/** /me/settings, /me/reports and /me/delete: the account's switches, its reports and its end. */
export function meAccountPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const settings = settingsPage(deps);
  pages.push(sessionPage('/me/settings', settings));
  pages.push(
    formAction(deps, {
      path: '/me/settings',
      form: 'email',
      op: setContactNotifications,
      page: settings,
      input: (f) => Object.fromEntries(CONTACT_SWITCHES.map((s) => [s, ticked(f[s])])),
      done: () => '/me/settings?done=saved',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/sessions/end-all',
      form: 'sessions',
      op: endMySessions,
      page: settings,
      input: () => ({}),
      done: () => '/?done=signed-out-everywhere',
    }),
  );

  pages.push(
    sessionPage('/me/reports', (req, reply, caller) =>
      guarded(reply, 'Content reports', async () => {
        const status = statusFilter(req);
        const offset = offsetOf(req);
        const out = await callAs(deps.bus, req, caller, listMyContentReports, { offset, limit: REPORT_PAGE, ...(status ? { status } : {}) });
        const tab = (value: string | undefined, text: string) =>
          value === status ? html`<strong aria-current="page">${text}</strong> ` : html`<a href="/me/reports${value ? `?status=${value}` : ''}">${text}</a> `;
        return memberPage(reply, {
          title: 'Content reports',
          body: html`
${meCrumbs('Content reports')}
<h1>Content reports</h1>
${noticeOf(doneNotice(req, { reported: 'Thank you: the moderators have your report.' }))}
<p>What you reported to the moderators, newest first. To report something, use the report link next to it on its page.</p>
<nav aria-label="Report states"><p>${tab(undefined, 'All')}${CONTENT_REPORT_STATUSES.map((s) => tab(s, s))}</p></nav>
${
  out.reports.length
    ? scrollTable(
        'Your reports',
        html`<table>
<thead><tr><th scope="col">Reported</th><th scope="col">What</th><th scope="col">Reason</th><th scope="col">Your details</th><th scope="col">Outcome</th></tr></thead>
<tbody>${out.reports.map(
          (r) => html`<tr><td>${when(r.createdAt)}</td><td>${reported(r)}</td><td>${r.reason.replaceAll('_', ' ')}</td>
<td>${r.details ?? html`<span class="muted">-</span>`}</td><td>${REPORT_STATES[r.status]}${r.decidedAt ? html`, ${when(r.decidedAt)}` : ''}</td></tr>`,
        )}</tbody>
</table>`,
      )
    : html`<p class="note">No reports${status ? ` ${status}` : ''}.</p>`
}
${pager('/me/reports', status ? `status=${status}&` : '', offset, out.nextOffset, REPORT_PAGE)}`,
        });
      }),
    ),
  );

  const deletePage: PageRender = async (_req, reply, _caller, state, status = 200) =>
    memberPage(reply, {
      title: 'Delete account',
      status,
      body: html`
${meCrumbs('Delete account')}
<h1>Delete your account</h1>
${noticeOf(state.notice)}
<p>This cannot be undone. It removes your profile, photo, files, drafts, recordings, applications, API keys, agent access and sessions,
and closes your open jobs. Comments, messages and finished jobs stay, without your name.</p>
<p>While hired work is under way the account cannot be deleted: finish or cancel it first.</p>
<form method="post" action="/me/delete" novalidate>
${textInput({ form: 'delete', name: 'confirm', label: `Type "${DELETE_CONFIRMATION}" to confirm`, required: true, autocomplete: 'off', maxlength: 100 }, state)}
<button type="submit">Delete my account</button>
</form>
<p><a href="/me">Keep my account</a></p>`,
    });
  pages.push(sessionPage('/me/delete', deletePage));
  // The session ends with the account: the front page finds its cookie dead, clears it and shows the notice.
  pages.push(
    formAction(deps, {
      path: '/me/delete',
      form: 'delete',
      op: deleteMyAccount,
      page: deletePage,
      input: (f) => ({ confirm: f.confirm ?? '' }),
      done: () => '/?done=account-deleted',
    }),
  );
  return pages;
}
