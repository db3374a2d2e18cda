import {
  acceptTeamInvitation,
  addTeamMember,
  AppError,
  type Caller,
  createTeam,
  createTeamApiKey,
  declineTeamInvitation,
  getTeam,
  getTeamPerformance,
  leaveTeam,
  listMyTeamInvitations,
  type OutputOf,
  updateTeam,
} from '@marketplace/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { guarded } from '../kit/error-pages.js';
import { formAction, sessionPage } from '../kit/form-action.js';
import { selectInput, textInput } from '../kit/form-fields.js';
import { html, type Raw } from '../kit/layout.js';
import { callAs, doneNotice, type FormState, memberPage, noticeOf, type PageDefinition, type PageDeps, when } from '../kit/page.js';
import { meCrumbs, scrollTable } from '../me/me-page-parts.js';
import { teamCandidatePages } from './team-candidate.js';
import { teamJobPages } from './team-jobs.js';
import { type CreatedKey, keyBox, showKeyOnce } from './team-key-box.js';

type TeamView = OutputOf<typeof getTeam>;
type Performance = OutputOf<typeof getTeamPerformance>;
type Invitation = OutputOf<typeof listMyTeamInvitations>['invitations'][number];

const NOTICES = {
  created: 'Your team is created: you are its owner.',
  renamed: 'The team is renamed.',
  invited: 'Invitation sent. If the address belongs to a member, they join once they accept.',
  joined: 'You joined the team.',
  declined: 'The invitation is declined.',
  left: 'You left the team.',
} as const;

const PERIODS = [7, 30, 90] as const;

function periodOf(req: FastifyRequest): (typeof PERIODS)[number] {
  const days = Number((req.query as Record<string, unknown>).days);
  return PERIODS.find((d) => d === days) ?? 30;
}

/** The caller's team, or null when they are on none (the service answers 404 then). */
async function teamOrNone(deps: PageDeps, req: FastifyRequest, caller: Caller): Promise<TeamView | null> {
  try {
    return await callAs(deps.bus, req, caller, getTeam, {});
  } catch (err) {
    if (err instanceof AppError && err.status === 404) return null;
    throw err;
  }
}

const createForm = (state: FormState): Raw => html`<section class="part" aria-labelledby="create-heading">
<h2 id="create-heading">Create a team</h2>
<p>You are on no team. A team (a company) posts budgeted jobs and hires candidates; you become its owner. A member is on one team at most.</p>
<form method="post" action="/me/team" novalidate>
${textInput({ form: 'create', name: 'name', label: 'Company name', required: true, maxlength: 120 }, state)}
<button type="submit">Create the team</button>
</form></section>`;

function membersPart(view: TeamView, manages: boolean, state: FormState): Raw {
  return html`<section class="part" aria-labelledby="members-heading">
<h2 id="members-heading">Members</h2>
${scrollTable(
  'Team members',
  html`<table>
<thead><tr><th scope="col">Name</th><th scope="col">Email</th><th scope="col">Role</th><th scope="col">Joined</th></tr></thead>
<tbody>${view.members.map((m) => html`<tr><td>${m.name}</td><td>${m.email}</td><td>${m.role}</td><td>${when(m.joinedAt)}</td></tr>`)}</tbody>
</table>`,
)}
${
  manages
    ? html`<h3>Invite a member</h3>
<form method="post" action="/me/team/members" novalidate>
${textInput({ form: 'invite', name: 'email', label: 'Their email address', type: 'email', required: true, maxlength: 254, autocomplete: 'off', hint: 'They are asked to join and join only if they accept; an invitation waits 14 days.' }, state)}
${selectInput(
  {
    form: 'invite',
    name: 'role',
    label: 'Role',
    options: [
      ['member', 'Member'],
      ['admin', 'Admin: may rename, invite and make team keys'],
    ],
    value: 'member',
  },
  state,
)}
<button type="submit">Send the invitation</button>
</form>`
    : ''
}
</section>`;
}

/** Invitations waiting for the caller's answer: accept (only when on no team) or decline. */
function invitationsPart(invitations: Invitation[], onTeam: boolean): Raw {
  if (!invitations.length) return html``;
  return html`<section class="part" aria-labelledby="invitations-heading">
<h2 id="invitations-heading">Invitations to join a team</h2>
${onTeam ? html`<p class="note">You are on a team: leave it before accepting another.</p>` : ''}
<ul class="cards">${invitations.map(
    (i) => html`<li class="card">
<h3>${i.team.name}</h3>
<p class="meta">As ${i.role} · invited by ${i.invitedBy} · ${when(i.createdAt)} · expires ${when(i.expiresAt)}</p>
${onTeam ? '' : html`<form method="post" action="/me/team/invitations/${i.id}/accept" class="inline"><button type="submit">Join ${i.team.name}</button></form>`}
<form method="post" action="/me/team/invitations/${i.id}/decline" class="inline"><button type="submit" class="secondary">Decline ${i.team.name}</button></form>
</li>`,
  )}</ul>
</section>`;
}

function leavePart(view: TeamView): Raw {
  const alone = view.members.length <= 1;
  const hint =
    view.role === 'owner'
      ? alone
        ? 'You are the last member: leaving dissolves the team (close its open jobs first).'
        : 'As the owner you leave last: the others leave first.'
      : 'You can rejoin only with a new invitation.';
  return html`<section class="part" aria-labelledby="leave-heading">
<h2 id="leave-heading">Leave the team</h2>
<p class="note">${hint}</p>
<form method="post" action="/me/team/leave"><button type="submit" class="secondary">Leave the team</button></form>
</section>`;
}

function keysPart(manages: boolean, state: FormState, key: CreatedKey | undefined): Raw {
  if (!manages) return html``;
  return html`<section class="part" aria-labelledby="keys-heading">
<h2 id="keys-heading">Team API key</h2>
<p>A team key acts as you within the team: with it, <code>GET /api/jobs</code> lists open team jobs.</p>
${keyBox(key)}
<form method="post" action="/me/team/api-keys" novalidate>
${textInput({ form: 'key', name: 'name', label: 'Key name', required: true, maxlength: 120, hint: 'A label to tell your keys apart.' }, state)}
<button type="submit">Create a team key</button>
</form></section>`;
}

function performancePart(p: Performance): Raw {
  const period = (d: number) =>
    d === p.days ? html`<strong aria-current="page">${d} days</strong> ` : html`<a href="/me/team?days=${d}#performance-heading">${d} days</a> `;
  const figures: [string, number][] = [
    ['Jobs posted', p.jobsPosted],
    ['Open now', p.openJobs],
    ['Filled', p.filled],
    ['Closed without a hire', p.closed],
    ['Applications received', p.applications],
    ['Listing fees recorded (never charged)', p.listingFeesRecorded],
  ];
  return html`<section class="part" aria-labelledby="performance-heading">
<h2 id="performance-heading">Performance</h2>
<nav aria-label="Period"><p>${PERIODS.map(period)}</p></nav>
<p class="meta">Since ${when(p.since)} (UTC days, today included).</p>
<table><caption>Over the last ${p.days} days</caption>
<tbody>${figures.map(([name, value]) => html`<tr><th scope="row">${name}</th><td>${name.startsWith('Listing') ? `$${value}` : value}</td></tr>`)}</tbody>
</table>
</section>`;
}

function jobsPart(view: TeamView): Raw {
  return html`<section class="part" aria-labelledby="jobs-heading">
<h2 id="jobs-heading">Team jobs</h2>
<p><a href="/me/team/jobs/new">Post a team job</a></p>
${
  view.jobs.length
    ? html`<ul class="cards">${view.jobs.map(
        (j) => html`<li class="card">
<h3><a href="/me/team/jobs/${j.id}">${j.title}</a></h3>
<p class="meta">$${j.budget} · ${j.status} · posted ${when(j.createdAt)}${j.closesAt ? html` · closes ${when(j.closesAt)}` : ''}</p>
</li>`,
      )}</ul>`
    : html`<p class="note">No team jobs yet.</p>`
}
</section>`;
}

/** /me/team: invitations to answer and creating a team, or the team with its members, invitations, key, figures, jobs and leaving. */
export function teamPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  const page = (req: FastifyRequest, reply: FastifyReply, caller: Caller, state: FormState, status = 200, key?: CreatedKey) =>
    guarded(reply, 'Company (team)', async () => {
      const [view, { invitations }] = await Promise.all([teamOrNone(deps, req, caller), callAs(deps.bus, req, caller, listMyTeamInvitations, {})]);
      const notice = noticeOf(state.notice ?? doneNotice(req, NOTICES));
      if (!view) {
        return memberPage(reply, {
          title: 'Company (team)',
          status,
          body: html`${meCrumbs('Company (team)')}<h1>Company (team)</h1>${notice}${invitationsPart(invitations, false)}${createForm(state)}`,
        });
      }
      const manages = view.role !== 'member';
      const performance = await callAs(deps.bus, req, caller, getTeamPerformance, { days: periodOf(req) });
      return memberPage(reply, {
        title: view.team.name,
        status,
        body: html`
${meCrumbs('Company (team)')}
<h1>${view.team.name}</h1>
${notice}
<p class="meta">Your role: <strong>${view.role}</strong> · team since ${when(view.team.createdAt)}</p>
${
  manages
    ? html`<form method="post" action="/me/team/name" novalidate>
${textInput({ form: 'rename', name: 'name', label: 'Company name', value: view.team.name, required: true, maxlength: 120 }, state)}
<button type="submit" class="secondary">Rename the team</button>
</form>`
    : ''
}
${jobsPart(view)}
${membersPart(view, manages, state)}
${keysPart(manages, state, key)}
${performancePart(performance)}
${invitationsPart(invitations, true)}
${leavePart(view)}
<p><a href="/me/candidate">Your candidate profile</a>, to apply to team jobs yourself.</p>`,
      });
    });

  pages.push(sessionPage('/me/team', page));
  pages.push(
    formAction(deps, {
      path: '/me/team',
      form: 'create',
      op: createTeam,
      page,
      input: (f) => ({ name: f.name ?? '' }),
      done: () => '/me/team?done=created',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/team/name',
      form: 'rename',
      op: updateTeam,
      page,
      input: (f) => ({ name: f.name ?? '' }),
      done: () => '/me/team?done=renamed',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/team/members',
      form: 'invite',
      op: addTeamMember,
      page,
      input: (f) => ({ email: f.email ?? '', role: f.role || 'member' }),
      done: () => '/me/team?done=invited',
    }),
  );
  for (const [verb, op, done] of [
    ['accept', acceptTeamInvitation, 'joined'],
    ['decline', declineTeamInvitation, 'declined'],
  ] as const) {
    pages.push(
      formAction(deps, {
        path: `/me/team/invitations/:id/${verb}`,
        form: verb,
        op,
        page,
        input: (_f, p) => ({ id: p.id }),
        done: () => `/me/team?done=${done}`,
      }),
    );
  }
  pages.push(
    formAction(deps, {
      path: '/me/team/leave',
      form: 'leave',
      op: leaveTeam,
      page,
      input: () => ({}),
      done: () => '/me/team?done=left',
    }),
  );
  pages.push(
    formAction(deps, {
      path: '/me/team/api-keys',
      form: 'key',
      op: createTeamApiKey,
      page,
      input: (f) => ({ name: f.name ?? '' }),
      done: () => '/me/team',
      shown: showKeyOnce(page),
    }),
  );

  pages.push(...teamJobPages(deps));
  pages.push(...teamCandidatePages(deps));
  return pages;
}
