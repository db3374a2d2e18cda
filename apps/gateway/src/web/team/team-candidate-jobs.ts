import { AppError, applyToTeamJob, type Caller, getCandidate, getTeam, listCandidateApplications, listTeamBoard, type OutputOf } from '@marketplace/contracts';
import type { BusClient } from '@marketplace/service-kit/edge';
import type { FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { filled, textArea, textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { renderMarkdown } from '../kit/markdown.js';
import { callAs, memberPage, noticeOf, type PageDefinition, type PageDeps, type PageRender, when } from '../kit/page.js';
import { meCrumbs } from '../me/me-page-parts.js';
import { soft } from '../posting/posting-my-jobs.js';

type TeamJob = OutputOf<typeof listTeamBoard>['jobs'][number];
type Application = OutputOf<typeof listCandidateApplications>['applications'][number];

const enc = encodeURIComponent;
const CANDIDATE = { href: '/me/candidate', text: 'Candidate profile' };
/** The team board's largest page: the open team jobs are few, and this page shows them all. */
const BOARD_LIMIT = 200;

interface Board {
  /** Open team jobs the caller may apply to: their own team's are left out (the service refuses them). */
  jobs: TeamJob[];
  applied: Map<string, Application>;
  profileSaved: boolean;
}

async function boardFor(bus: BusClient, req: FastifyRequest, caller: Caller): Promise<Board> {
  const [board, own, candidate, { applications }] = await Promise.all([
    callAs(bus, req, caller, listTeamBoard, { limit: BOARD_LIMIT }),
    callAs(bus, req, caller, getTeam, {}).catch(soft),
    callAs(bus, req, caller, getCandidate, {}),
    callAs(bus, req, caller, listCandidateApplications, {}),
  ]);
  const ownJobs = new Set(own?.jobs.map((j) => j.id) ?? []);
  return {
    jobs: board.jobs.filter((j) => !ownJobs.has(j.id)),
    applied: new Map(applications.map((a) => [a.jobId, a])),
    profileSaved: candidate.profile !== null,
  };
}

const needsProfile = html`<p class="notice" id="needs-profile">Applying needs your candidate profile: <a href="/me/candidate">save it first</a>.</p>`;

function jobCard(job: TeamJob, applied: Application | undefined): Raw {
  return html`<li class="card">
<h2><a href="/me/candidate/jobs/${enc(job.id)}">${job.title}</a></h2>
<p class="meta">${job.company} · $${job.budget} · posted ${when(job.createdAt)}${job.closesAt ? html` · closes ${when(job.closesAt)}` : ''}</p>
<p>${applied ? html`<span class="status">You applied: ${applied.status}</span>` : html`<a href="/me/candidate/jobs/${enc(job.id)}">Read and apply</a>`}</p>
</li>`;
}

const listPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Team jobs', async () => {
      const board = await boardFor(deps.bus, req, caller);
      return memberPage(reply, {
        title: 'Team jobs',
        status,
        body: html`
${meCrumbs('Team jobs', CANDIDATE)}
<h1>Team jobs</h1>
${noticeOf(state.notice)}
<p>Budgeted jobs that companies post for candidates, newest first. They are not on the member board.</p>
${board.profileSaved ? '' : needsProfile}
${
  board.jobs.length
    ? html`<ul class="cards" id="team-jobs">${board.jobs.map((j) => jobCard(j, board.applied.get(j.id)))}</ul>`
    : html`<p class="note" id="no-team-jobs">No team job is open to you right now.</p>`
}`,
      });
    });

const jobPage: (deps: PageDeps) => PageRender =
  (deps) =>
  (req, reply, caller, state, status = 200) =>
    guarded(reply, 'Team job', async () => {
      const board = await boardFor(deps.bus, req, caller);
      const job = board.jobs.find((j) => j.id === (req.params as { id: string }).id);
      if (!job) throw AppError.notFound('No open team job with this id is open to you.');
      const applied = board.applied.get(job.id);
      return memberPage(reply, {
        title: job.title,
        status,
        body: html`
${meCrumbs(job.title, { href: '/me/candidate/jobs', text: 'Team jobs' })}
<h1>${job.title}</h1>
${noticeOf(state.notice)}
<p class="meta">${job.company} · budget $${job.budget} · posted ${when(job.createdAt)}${job.closesAt ? html` · closes ${when(job.closesAt)}` : ''}</p>
<div class="markdown">${renderMarkdown(job.constraints)}</div>
<section class="part" aria-labelledby="apply-heading">
<h2 id="apply-heading">Apply</h2>
${
  applied
    ? html`<p id="applied">You applied ${when(applied.createdAt)}: ${applied.status}. <a href="/me/candidate#applications-heading">Your applications</a></p>`
    : !board.profileSaved
      ? needsProfile
      : html`<p>The team sees your name, state and pitch; your email only once they hire you.</p>
<form method="post" action="/me/candidate/jobs/${enc(job.id)}/apply" novalidate>
${textArea({ form: 'apply', name: 'pitch', label: 'Why you fit', required: true, maxlength: 4000, rows: 6, hint: 'At most 4,000 characters.' }, state)}
${textInput({ form: 'apply', name: 'agent', label: 'Agent applying for you (optional)', maxlength: 120, hint: 'Leave empty when you apply yourself.' }, state)}
<button type="submit">Send the application</button>
</form>`
}
</section>`,
      });
    });

/** /me/candidate/jobs: the open team jobs a candidate may apply to, each job's page and its apply form, in the browser. */
export function teamCandidateJobPages(deps: PageDeps): PageDefinition[] {
  const one = jobPage(deps);
  return [
    sessionPage('/me/candidate/jobs', listPage(deps)),
    sessionPage('/me/candidate/jobs/:id', one),
    formAction(deps, {
      path: '/me/candidate/jobs/:id/apply',
      form: 'apply',
      op: applyToTeamJob,
      page: one,
      input: (f, p) => ({ id: p.id, pitch: f.pitch ?? '', ...(filled(f.agent) ? { agent: filled(f.agent) } : {}) }),
      done: () => '/me/candidate?done=applied#applications-heading',
    }),
  ];
}
