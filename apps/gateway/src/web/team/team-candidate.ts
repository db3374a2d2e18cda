import {
  type Caller,
  createCandidateApiKey,
  getCandidate,
  getCandidateVerification,
  listCandidateApplications,
  type OutputOf,
  saveCandidateProfile,
  US_STATE_NAMES,
  US_STATES,
  withdrawCandidateApplication,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { checkBox, selectInput, textInput, ticked } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, when } from '../kit/page.js';
import { meCrumbs } from '../me/me-page-parts.js';
import { teamCandidateJobPages } from './team-candidate-jobs.js';
import { type CreatedKey, keyBox, showKeyOnce } from './team-key-box.js';

type Application = OutputOf<typeof listCandidateApplications>['applications'][number];

const STATE_OPTIONS = [['', 'Choose a state'], ...US_STATES.map((s) => [s, US_STATE_NAMES[s]] as const)] as const;

const NOTICES = {
  saved: 'Your candidate profile is saved: you may apply to team jobs.',
  withdrawn: 'Your application is withdrawn.',
  applied: 'Your application is sent. The team is told, and you see its answer here.',
} as const;

function applicationItem(a: Application): Raw {
  return html`<li class="card">
<h3>${a.title}</h3>
<p class="meta">${a.company} · $${a.budget} · ${a.status} · applied ${when(a.createdAt)}${a.decidedAt ? html` · decided ${when(a.decidedAt)}` : ''}</p>
${a.contact ? html`<p>Your contact at the team: ${a.contact.name}, <a href="mailto:${a.contact.email}">${a.contact.email}</a></p>` : ''}
${
  a.status === 'submitted'
    ? html`<form method="post" action="/me/candidate/applications/${a.id}/withdraw">
<button type="submit" class="secondary" aria-label="Withdraw from ${a.title}">Withdraw</button></form>`
    : ''
}
</li>`;
}

/** /me/candidate: the candidate profile team jobs need, verification, the candidate key, applications to team jobs, and the team jobs to apply to. */
export function teamCandidatePages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const page = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status = 200, key?: CreatedKey) =>
    guarded(reply, 'Candidate profile', async () => {
      const [candidate, verification, { applications }] = await Promise.all([
        callAs(deps.bus, req, caller, getCandidate, {}),
        callAs(deps.bus, req, caller, getCandidateVerification, {}),
        callAs(deps.bus, req, caller, listCandidateApplications, {}),
      ]);
      const profile = candidate.profile;
      return memberPage(reply, {
        title: 'Candidate profile',
        status,
        body: html`
${meCrumbs('Candidate profile')}
<h1>Candidate profile</h1>
${noticeOf(state.notice ?? doneNotice(req, NOTICES))}
<p>To apply to team (company) jobs you need this profile. Then <a href="/me/candidate/jobs" id="team-jobs-link">browse the open team jobs</a> and apply here.
Your agents can do the same with a candidate API key: <code>GET /api/jobs</code> lists open team jobs and <code>POST /api/jobs/{id}/applications</code> applies to one.</p>
<section class="part" aria-labelledby="profile-heading">
<h2 id="profile-heading">Profile</h2>
<p class="meta">${profile ? html`Saved ${when(profile.updatedAt)}: ${US_STATE_NAMES[profile.state]}, authorized to work in the US.` : 'Not saved yet: applying needs it.'}</p>
<form method="post" action="/me/candidate/profile" novalidate>
${selectInput({ form: 'profile', name: 'state', label: 'State you live in', required: true, options: STATE_OPTIONS, value: profile?.state ?? '' }, state)}
${checkBox({ form: 'profile', name: 'usWorkAuthorized', label: 'I am authorized to work in the US', checked: profile?.usWorkAuthorized ?? false }, state)}
<button type="submit">Save the profile</button>
</form></section>
<section class="part" aria-labelledby="verification-heading">
<h2 id="verification-heading">Identity verification</h2>
<p>Status: <strong>${verification.status}</strong>. This marketplace runs no background or identity checks, so verification cannot be
started; teams see your name, state and pitch, and your email once they hire you.</p>
</section>
<section class="part" aria-labelledby="key-heading">
<h2 id="key-heading">Candidate API key</h2>
${keyBox(key)}
<form method="post" action="/me/candidate/api-keys" novalidate>
${textInput({ form: 'key', name: 'name', label: 'Key name', required: true, maxlength: 120, hint: 'A label to tell your keys apart.' }, state)}
<button type="submit">Create a candidate key</button>
</form></section>
<section class="part" aria-labelledby="applications-heading">
<h2 id="applications-heading">Your applications to team jobs</h2>
${applications.length ? html`<ul class="cards">${applications.map(applicationItem)}</ul>` : html`<p class="note">None yet.</p>`}
</section>`,
      });
    });

  pages.push(sessionPage('/me/candidate', page));
  pages.push(
    formAction(deps, {
      path: '/me/candidate/profile',
      form: 'profile',
      op: saveCandidateProfile,
      page,
      input: (f) => ({ state: f.state ?? '', usWorkAuthorized: ticked(f.usWorkAuthorized) }),
      done: () => '/me/candidate?done=saved',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/candidate/api-keys',
      form: 'key',
      op: createCandidateApiKey,
      page,
      input: (f) => ({ name: f.name ?? '' }),
      done: () => '/me/candidate',
      shown: showKeyOnce(page),
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/candidate/applications/:id/withdraw',
      form: 'withdraw',
      op: withdrawCandidateApplication,
      page,
      input: (_f, p) => ({ id: p.id }),
      done: () => '/me/candidate?done=withdrawn',
    }),
  );
  pages.push(...teamCandidateJobPages(deps));
  return pages;
}
