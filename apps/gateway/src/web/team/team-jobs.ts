import {
  acceptTeamApplication,
  AppError,
  type Caller,
  closeTeamJob,
  declineTeamApplication,
  listTeamJobApplications,
  listTeamJobs,
  type OutputOf,
  postTeamJob,
  TEAM_LISTING_FEE_DOLLARS,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { checkBox, textArea, textInput, ticked } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { meCrumbs } from '../me/me-page-parts.js';

type TeamApplication = OutputOf<typeof listTeamJobApplications>['applications'][number];

const TEAM = { href: '/me/team', text: 'Company (team)' };

const NOTICES = {
  closed: 'The job is closed.',
  accepted: 'Hired: the job is filled and the others waiting are declined. You now see the candidate’s email.',
  declined: 'The application is declined.',
  posted: `The team job is posted. A $${TEAM_LISTING_FEE_DOLLARS} listing fee is recorded (never charged).`,
} as const;

/** Budget in whole dollars as typed; anything that is not a number is left for the service's own message. */
const dollars = (value: string | undefined): unknown => {
  const v = value?.trim() ?? '';
  return /^\d+$/.test(v) ? Number(v) : v;
};

const newJobPage: PageRender = async (_req, reply, _caller, state, status = 200) =>
  memberPage(reply, {
    title: 'Post a team job',
    status,
    body: html`
${meCrumbs('Post a team job', TEAM)}
<h1>Post a team job</h1>
${noticeOf(state.notice)}
<p>Team jobs are listed to candidates with a team or candidate key, never on the member board. They close 14 days after posting.</p>
<form method="post" action="/me/team/jobs" novalidate>
${textInput({ form: 'job', name: 'title', label: 'Title', required: true, maxlength: 120, hint: 'One line, all lowercase, at most 120 characters.' }, state)}
${textInput({ form: 'job', name: 'budget', label: 'Budget in whole US dollars', type: 'number', required: true, hint: 'From 1 to 1,000,000.' }, state)}
${textArea({ form: 'job', name: 'constraints', label: 'What the work is', required: true, maxlength: 4000, hint: 'Markdown, at most 4,000 characters.' }, state)}
${checkBox({ form: 'job', name: 'acceptListingFee', label: `I accept the $${TEAM_LISTING_FEE_DOLLARS} listing fee recorded for this job (it is never charged)` }, state)}
<button type="submit">Post the job</button>
</form>`,
  });

function applicationItem(jobId: string, a: TeamApplication, open: boolean): Raw {
  const waiting = a.status === 'submitted' && open;
  return html`<li class="card">
<h3>${a.candidate.name} <span class="meta">(${a.candidate.state})</span></h3>
<p class="meta">${a.status} · applied ${when(a.createdAt)}${a.agent ? ` · through ${a.agent}` : ''}${a.decidedAt ? html` · decided ${when(a.decidedAt)}` : ''}</p>
<p class="answer">${a.pitch}</p>
${a.contact ? html`<p>Contact: ${a.contact.name}, <a href="mailto:${a.contact.email}">${a.contact.email}</a></p>` : ''}
${
  waiting
    ? html`<div class="actions">
<form method="post" action="/me/team/jobs/${jobId}/applications/${a.id}/accept"><button type="submit" aria-label="Hire ${a.candidate.name}">Hire</button></form>
<form method="post" action="/me/team/jobs/${jobId}/applications/${a.id}/decline"><button type="submit" class="secondary" aria-label="Decline ${a.candidate.name}">Decline</button></form>
</div>`
    : ''
}
</li>`;
}

/** /me/team/jobs/new and /me/team/jobs/:id: posting a team job, then closing it and hiring from its applications. */
export function teamJobPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(sessionPage('/me/team/jobs/new', newJobPage));
  pages.push(
    formAction(deps, {
      path: '/me/team/jobs',
      form: 'job',
      op: postTeamJob,
      page: newJobPage,
      input: (f) => ({ title: f.title ?? '', budget: dollars(f.budget), constraints: f.constraints ?? '', acceptListingFee: ticked(f.acceptListingFee) }),
      done: (job) => `/me/team/jobs/${job.id}?done=posted`,
    }),
  );

  const jobPage = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status = 200) =>
    guarded(reply, 'Team job', async () => {
      const id = (req.params as { id: string }).id;
      // No single-job read for members: the team's list is where a team job is read.
      const job = (await callAs(deps.bus, req, caller, listTeamJobs, {})).jobs.find((j) => j.id === id);
      if (!job) throw AppError.notFound('No such job on your team.');
      const { applications } = await callAs(deps.bus, req, caller, listTeamJobApplications, { id });
      const open = job.status === 'open';
      return memberPage(reply, {
        title: job.title,
        status,
        body: html`
${meCrumbs(job.title, TEAM)}
<h1>${job.title}</h1>
${noticeOf(state.notice ?? doneNotice(req, NOTICES))}
<p class="meta">${job.company} · $${job.budget} · ${job.status} · posted ${when(job.createdAt)}${job.closesAt ? html` · closes ${when(job.closesAt)}` : ''}</p>
<div class="markdown">${renderMarkdown(job.constraints)}</div>
${open ? html`<form method="post" action="/me/team/jobs/${job.id}/close"><button type="submit" class="secondary">Close the job</button></form>` : ''}
<section class="part" aria-labelledby="applications-heading">
<h2 id="applications-heading">Applications</h2>
<p class="note">Oldest first; withdrawn ones are left out. A candidate’s email shows once hired.</p>
${applications.length ? html`<ul class="cards">${applications.map((a) => applicationItem(job.id, a, open))}</ul>` : html`<p class="note">No applications yet.</p>`}
</section>`,
      });
    });

  pages.push(sessionPage('/me/team/jobs/:id', jobPage));
  pages.push(
    formAction(deps, {
      path: '/me/team/jobs/:id/close',
      form: 'close',
      op: closeTeamJob,
      page: jobPage,
      input: (_f, p) => ({ id: p.id }),
      done: (_out, p) => `/me/team/jobs/${p.id}?done=closed`,
    }),
  );
  for (const [verb, op] of [
    ['accept', acceptTeamApplication],
    ['decline', declineTeamApplication],
  ] as const) {
    pages.push(
      formAction(deps, {
        path: `/me/team/jobs/:id/applications/:app/${verb}`,
        form: verb,
        op,
        page: jobPage,
        input: (_f, p) => ({ id: p.app }),
        done: (_out, p) => `/me/team/jobs/${p.id}?done=${verb}ed`,
      }),
    );
  }
  return pages;
}
