import {
  AppError,
  type Caller,
  decideContentReport,
  getMcpToolUsage,
  inviteFromWaitlist,
  listAuditLog,
  listContentReports,
  listFeatureRequests,
  listHelpRequests,
  listInviteLinks,
  listProblemReports,
  listWaitlist,
  type Operation,
  type OutputOf,
  restoreContent,
  validateInput,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { staffOnlyPage } from '../kit/error-pages.js';
import { formFields } from '../kit/form-posts.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, definePage, errorText, type Notice, noticeOf, offsetOf, type PageDefinition, type PageDeps, pager, when } from '../kit/page.js';
import { HELP_REQUEST_COLUMNS, helpDeskPages, helpRequestRow } from './help-desk-pages.js';
import { mcpUsageSection, usageDaysOf } from './mcp-usage-section.js';
import { crumbs, page, staffGuarded } from './staff-page-parts.js';
import { suspensionPages } from './suspension-pages.js';

type StaffConsoleDeps = Pick<PageDeps, 'bus'>;

const PAGE_SIZE = 50;

/** The lists of the console: each a staff operation of the catalogue and how a row reads. */
interface ListView<Op extends Operation> {
  path: string;
  title: string;
  op: Op;
  rows: (out: OutputOf<Op>) => Raw[];
  /** Column headings, matching what `rows` renders. */
  columns: string[];
  filter?: { name: string; values: readonly string[] };
}

const cells = (...values: (Raw | string | number | null)[]) => html`<tr>${values.map((v) => html`<td>${v ?? '-'}</td>`)}</tr>`;

const LISTS = [
  {
    path: '/admin/help-requests',
    title: 'Help requests',
    op: listHelpRequests,
    columns: HELP_REQUEST_COLUMNS,
    rows: (out: OutputOf<typeof listHelpRequests>) => out.helpRequests.map(helpRequestRow),
  } satisfies ListView<typeof listHelpRequests>,
  {
    path: '/admin/problem-reports',
    title: 'Problem reports',
    op: listProblemReports,
    columns: ['Received', 'Channel', 'Version', 'Happened', 'Description', 'Member'],
    rows: (out: OutputOf<typeof listProblemReports>) =>
      out.problemReports.map((r) => cells(when(r.createdAt), r.channel, r.appVersion, when(r.occurredAt), r.description, r.memberId)),
  } satisfies ListView<typeof listProblemReports>,
  {
    path: '/admin/feature-requests',
    title: 'Feature requests',
    op: listFeatureRequests,
    columns: ['Received', 'Title', 'Description', 'Member'],
    rows: (out: OutputOf<typeof listFeatureRequests>) => out.featureRequests.map((r) => cells(when(r.createdAt), r.title, r.description, r.memberId)),
  } satisfies ListView<typeof listFeatureRequests>,
  {
    path: '/admin/invites',
    title: 'Invitation links',
    op: listInviteLinks,
    columns: ['Owner', 'Email', 'Uses', 'State', 'Created'],
    rows: (out: OutputOf<typeof listInviteLinks>) =>
      out.invites.map((r) => cells(r.ownerName, r.ownerEmail, r.uses, r.revoked ? 'turned off' : 'on', when(r.createdAt))),
  } satisfies ListView<typeof listInviteLinks>,
  {
    path: '/admin/audit-log',
    title: 'Audit log',
    op: listAuditLog,
    columns: ['When', 'Staff member', 'Action', 'Target', 'Reason'],
    rows: (out: OutputOf<typeof listAuditLog>) =>
      out.entries.map((r) => cells(when(r.createdAt), r.actorId, r.action, `${r.targetKind} ${r.targetId}`, r.reason)),
  } satisfies ListView<typeof listAuditLog>,
] as const;

/**
 * The staff console: server-rendered pages on the site's one layout over the same catalogue
 * operations as the API, with plain forms. The `staff` guard sends a signed-out visitor to sign in
 * and gives a member who is not staff the staff-only page; the owning services still decide at
 * each request, as everywhere.
 */
export function staffPages(deps: StaffConsoleDeps): PageDefinition[] {
  const staffPage = (method: 'GET' | 'POST', path: string, handler: PageDefinition<'staff'>['handler']) =>
    definePage({ method, path, guard: 'staff', handler });

  const moderate = (act: 'decision' | 'restore') => async (req: FastifyRequest, reply: FastifyReply, caller: Caller) => {
    const { id } = req.params as { id: string };
    const form = formFields(req);
    let notice: Notice;
    let status = 200;
    try {
      if (act === 'decision') {
        const input = validateInput(decideContentReport.input, { id, action: form.action, reason: form.reason });
        await callAs(deps.bus, req, caller, decideContentReport, input);
        notice = { kind: 'ok', text: input.action === 'remove' ? 'Removed. The owner is told why.' : 'Dismissed.' };
      } else {
        await callAs(deps.bus, req, caller, restoreContent, validateInput(restoreContent.input, { id, reason: form.reason }));
        notice = { kind: 'ok', text: 'Restored. The owner is told.' };
      }
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.status === 401 || err.status === 403) return staffOnlyPage(reply, err);
      status = err.status;
      notice = { kind: 'error', text: errorText(err) };
    }
    const back = form.back === 'removed' || form.back === 'dismissed' ? form.back : 'open';
    return moderationPage(deps, req, reply, caller, back, notice, status);
  };

  return [
    ...helpDeskPages(deps),
    ...suspensionPages(deps),
    staffPage('GET', '/admin', (req, reply, caller) =>
      staffGuarded(reply, async () => {
        const queue = await callAs(deps.bus, req, caller, listContentReports, { status: 'open', offset: 0, limit: 1 });
        const waiting = await callAs(deps.bus, req, caller, listWaitlist, { status: 'waiting', offset: 0, limit: 1 });
        return page(
          reply,
          'Staff console',
          html`
<h1>Staff console</h1>
<ul class="cards two">
<li class="card"><h2><a href="/admin/content-reports">Moderation queue</a></h2><p class="meta">${queue.reports.length ? 'Reports are waiting.' : 'Nothing is waiting.'}</p></li>
<li class="card"><h2><a href="/admin/suspensions">Suspensions</a></h2><p class="meta">Suspend a member, lift after an appeal.</p></li>
<li class="card"><h2><a href="/admin/waitlist">Waitlist</a></h2><p class="meta">${waiting.entries.length ? 'People are waiting.' : 'Nobody is waiting.'}</p></li>
${LISTS.map((l) => html`<li class="card"><h2><a href="${l.path}">${l.title}</a></h2></li>`)}
<li class="card"><h2><a href="/admin/mcp-usage">MCP tool calls</a></h2><p class="meta">By tool and model, counts only.</p></li>
</ul>`,
        );
      }),
    ),

    ...LISTS.map((list) =>
      staffPage('GET', list.path, (req, reply, caller) => {
        const offset = offsetOf(req);
        return staffGuarded(reply, async () => {
          const out = (await callAs(deps.bus, req, caller, list.op as Operation, { offset, limit: PAGE_SIZE })) as { nextOffset: number | null };
          const rows = (list.rows as (o: unknown) => Raw[])(out);
          return page(
            reply,
            list.title,
            html`
${crumbs(list.title)}
<h1>${list.title}</h1>
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr>${list.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
<tbody>${rows}</tbody></table></div>`
    : html`<p class="note">Nothing here yet.</p>`
}
${pager(list.path, '', offset, out.nextOffset, PAGE_SIZE)}`,
          );
        });
      }),
    ),

    staffPage('GET', '/admin/mcp-usage', (req, reply, caller) =>
      staffGuarded(reply, async () => {
        const days = usageDaysOf(req.query);
        const usage = await callAs(deps.bus, req, caller, getMcpToolUsage, { days });
        return page(
          reply,
          'MCP tool calls',
          html`
${crumbs('MCP tool calls')}
<h1>MCP tool calls</h1>
${mcpUsageSection(usage, days)}`,
        );
      }),
    ),

    staffPage('GET', '/admin/content-reports', (req, reply, caller) =>
      moderationPage(deps, req, reply, caller, statusOf(req, ['open', 'dismissed', 'removed'], 'open')),
    ),
    staffPage('POST', '/admin/content-reports/:id/decision', moderate('decision')),
    staffPage('POST', '/admin/content-reports/:id/restore', moderate('restore')),

    staffPage('GET', '/admin/waitlist', (req, reply, caller) =>
      waitlistPage(deps, req, reply, caller, statusOf(req, ['waiting', 'invited', 'joined'], 'waiting')),
    ),
    staffPage('POST', '/admin/waitlist/:id/invite', async (req, reply, caller) => {
      const { id } = req.params as { id: string };
      let notice: Notice;
      let status = 200;
      try {
        const out = await callAs(deps.bus, req, caller, inviteFromWaitlist, validateInput(inviteFromWaitlist.input, { id }));
        notice = out.emailed
          ? { kind: 'ok', text: `Invited ${out.entry.email}: your invitation link is on its way.` }
          : { kind: 'ok', text: `${out.entry.email} was already invited; nothing was sent again.` };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        if (err.status === 401 || err.status === 403) return staffOnlyPage(reply, err);
        status = err.status;
        notice = { kind: 'error', text: errorText(err) };
      }
      return waitlistPage(deps, req, reply, caller, 'waiting', notice, status);
    }),
  ];
}

function statusOf<S extends string>(req: FastifyRequest, values: readonly S[], fallback: S): S {
  const value = (req.query as Record<string, unknown>).status;
  return values.includes(value as S) ? (value as S) : fallback;
}

function tabs(path: string, values: readonly string[], current: string, label: string): Raw {
  return html`<nav aria-label="${label}"><p>${values.map((v) =>
    v === current ? html`<strong aria-current="page">${v}</strong> ` : html`<a href="${path}?status=${v}">${v}</a> `,
  )}</p></nav>`;
}

type StaffReport = OutputOf<typeof listContentReports>['reports'][number];

/** Public pages to look at: a removed job has none, a removed member's page still shows the name. */
function itemLink(r: StaffReport): Raw {
  if (r.kind === 'job' && r.status !== 'removed') return html`<a href="/jobs/${r.itemId}">${r.itemId}</a>`;
  if (r.kind === 'member') return html`<a href="/members/${r.itemId}">${r.itemId}</a>`;
  return html`<code>${r.itemId}</code>`;
}

function reportCard(r: StaffReport, status: string): Raw {
  const reasonField = (id: string) => html`<label for="${id}">Reason (recorded, sent to the owner on removal)</label>
<input id="${id}" name="reason" required maxlength="1000" autocomplete="off">`;
  const form =
    r.status === 'open'
      ? html`<form method="post" action="/admin/content-reports/${r.id}/decision">
<input type="hidden" name="back" value="${status}">
${reasonField(`reason-${r.id}`)}
<button type="submit" name="action" value="dismiss" class="secondary">Dismiss</button>
<button type="submit" name="action" value="remove">Remove ${r.kind}</button>
</form>`
      : r.status === 'removed'
        ? html`<form method="post" action="/admin/content-reports/${r.id}/restore">
<input type="hidden" name="back" value="${status}">
${reasonField(`restore-${r.id}`)}
<button type="submit">Restore after appeal</button>
</form>`
        : html``;
  return html`<li class="card" id="report-${r.id}">
<h2>${r.kind} reported for ${r.reason}</h2>
<p class="meta">Item ${itemLink(r)} · reported ${when(r.createdAt)} by <code>${r.reporterId}</code></p>
${r.details ? html`<p>${r.details}</p>` : ''}
${r.staffNote ? html`<p class="meta">Decision: ${r.status}, ${when(r.decidedAt)}: ${r.staffNote}${r.restoredAt ? html` · restored ${when(r.restoredAt)}` : ''}</p>` : ''}
${form}
</li>`;
}

async function moderationPage(
  deps: StaffConsoleDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  status: 'open' | 'dismissed' | 'removed',
  notice?: Notice,
  code = 200,
): Promise<FastifyReply> {
  const offset = req.method === 'GET' ? offsetOf(req) : 0;
  return staffGuarded(reply, async () => {
    const out = await callAs(deps.bus, req, caller, listContentReports, { status, offset, limit: PAGE_SIZE });
    return page(
      reply,
      'Moderation queue',
      html`
${crumbs('Moderation queue')}
<h1>Moderation queue</h1>
${noticeOf(notice)}
${tabs('/admin/content-reports', ['open', 'dismissed', 'removed'], status, 'Report states')}
${out.reports.length ? html`<ul class="cards">${out.reports.map((r) => reportCard(r, status))}</ul>` : html`<p class="note">No ${status} reports.</p>`}
${pager('/admin/content-reports', `status=${status}&`, offset, out.nextOffset, PAGE_SIZE)}`,
      code,
    );
  });
}

async function waitlistPage(
  deps: StaffConsoleDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
  status: 'waiting' | 'invited' | 'joined',
  notice?: Notice,
  code = 200,
): Promise<FastifyReply> {
  const offset = req.method === 'GET' ? offsetOf(req) : 0;
  return staffGuarded(reply, async () => {
    const out = await callAs(deps.bus, req, caller, listWaitlist, { status, offset, limit: PAGE_SIZE });
    const rows = out.entries.map((e) =>
      cells(
        e.email,
        when(e.createdAt),
        when(e.invitedAt),
        e.status === 'waiting'
          ? html`<form method="post" action="/admin/waitlist/${e.id}/invite" class="inline"><button type="submit" aria-label="Invite ${e.email}">Invite</button></form>`
          : null,
      ),
    );
    return page(
      reply,
      'Waitlist',
      html`
${crumbs('Waitlist')}
<h1>Waitlist</h1>
<p class="note">Inviting emails the person your own invitation link and uses a place of your allowance; a second invite sends nothing.</p>
${noticeOf(notice)}
${tabs('/admin/waitlist', ['waiting', 'invited', 'joined'], status, 'Waitlist states')}
${
  rows.length
    ? html`<div class="table-wrap"><table><thead><tr><th scope="col">Email</th><th scope="col">Joined the list</th><th scope="col">Invited</th><th scope="col">Invite</th></tr></thead>
<tbody>${rows}</tbody></table></div>`
    : html`<p class="note">Nobody is ${status}.</p>`
}
${pager('/admin/waitlist', `status=${status}&`, offset, out.nextOffset, PAGE_SIZE)}`,
      code,
    );
  });
}
