import { type Caller, getJobPerformance, type OutputOf } from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { sessionPage } from '../kit/form-action.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, memberPage, type PageDefinition, type PageDeps } from '../kit/page.js';

type Performance = OutputOf<typeof getJobPerformance>;
type Totals = Performance['totals'];

const PERIODS = [7, 30, 90] as const;
const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? '-' : `${Math.round(rate * 100)}%`);

function totalsRow(label: Raw | string, t: Totals): Raw {
  return html`<tr><th scope="row">${label}</th><td>${t.impressions}</td><td>${t.views}</td><td>${percent(t.viewRate)}</td><td>${t.applications}</td><td>${percent(t.applyRate)}</td><td>${percent(t.agentShare)}</td></tr>`;
}

const HEAD = html`<thead><tr><th scope="col"><span class="note">Period or job</span></th><th scope="col">Shown in lists</th><th scope="col">Opened</th><th scope="col">Open rate</th><th scope="col">Applications</th><th scope="col">Apply rate</th><th scope="col">By agents</th></tr></thead>`;

/** How my jobs do: impressions, views, applications and rates over 7, 30 or 90 days, per job and against the period before. */
export function postingPerformancePages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(
    sessionPage('/me/jobs/performance', (req: FastifyRequest, reply: FastifyReply, caller: Caller) =>
      guarded(reply, 'How my jobs do', async () => {
        const asked = Number((req.query as Record<string, unknown>).days);
        const days = (PERIODS as readonly number[]).includes(asked) ? asked : 30;
        const p = await callAs(deps.bus, req, caller, getJobPerformance, { days });
        return memberPage(reply, {
          title: 'How my jobs do',
          body: html`
<nav aria-label="Breadcrumb"><p class="meta"><a href="/me/jobs">My jobs</a> › How they do</p></nav>
<h1>How my jobs do</h1>
<nav aria-label="Period"><p>${PERIODS.map((d) => (d === days ? html`<strong aria-current="page">${d} days</strong> ` : html`<a href="/me/jobs/performance?days=${d}">${d} days</a> `))}</p></nav>
<p class="note">Counted once per viewer, job and UTC day, from ${p.from.slice(0, 10)} to ${p.to.slice(0, 10)}.</p>
<div class="table-wrap"><table>${HEAD}<tbody>
${totalsRow(`These ${days} days`, p.totals)}
${totalsRow(`The ${days} days before`, p.previous)}
${p.jobs.map((j) => totalsRow(html`<a href="/me/jobs/${j.jobId}">${j.title}</a> <span class="note">(${j.status})</span>`, j))}
</tbody></table></div>`,
        });
      }),
    ),
  );
  return pages;
}
