import { getMyProfile } from '@marketplace/contracts';

import { guarded } from '../kit/error-pages.js';
import { sessionPage } from '../kit/form-action.js';
import { html } from '../kit/layout.js';
import { callAs, forSignedUp, memberPage, type PageDefinition, type PageDeps } from '../kit/page.js';
import { suspensionNotice } from '../kit/suspension-notice.js';
import { meAccountPages } from './me-account-pages.js';
import { meFilesPages } from './me-files-pages.js';
import { meInvitationsPages } from './me-invitations-page.js';
import { meNetworkPages } from './me-network-page.js';
import { ownPhoto } from './me-page-parts.js';
import { meProfilePages } from './me-profile-page.js';

/** The parts of Me, in the order the overview lists them. */
const PARTS = [
  { path: '/me/profile', title: 'Profile and photo', about: 'What posters and workers see of you, your résumé and whether applicant lists show your name.' },
  { path: '/me/files', title: 'Files', about: 'Your private files: upload, preview, download and delete.' },
  { path: '/me/invitations', title: 'Invitations', about: 'Your invitation link, who joined through it, and invitations by email.' },
  { path: '/me/settings', title: 'Email and agents', about: 'Which alerts are emailed to you, and the agents that act for you.' },
  { path: '/me/help-requests', title: 'My help requests', about: 'What you asked the team, its status and their replies.' },
  { path: '/me/reports', title: 'Content reports', about: 'What you reported to the moderators and what became of it.' },
  { path: '/me/delete', title: 'Delete account', about: 'Remove your account and what belongs to it.' },
] as const;

const ELSEWHERE = [
  ['/me/jobs', 'My jobs'],
  ['/me/applications', 'Applications'],
  ['/me/messages', 'Messages'],
  ['/me/notifications', 'Notifications'],
  ['/agent-access', 'Agent access'],
  ['/me/team', 'Company (team)'],
  ['/me/candidate', 'Candidate profile'],
] as const;

/** Me: profile and photo, applicant visibility, personal files, invitations, email switches, connected agents, content reports, account deletion. */
export function mePages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(
    sessionPage('/me', (req, reply, caller) =>
      guarded(reply, 'Me', async () => {
        const me = await callAs(deps.bus, req, caller, getMyProfile, {});
        return memberPage(reply, {
          title: 'Me',
          body: html`
<div class="me-head">${ownPhoto(me, 'Your photo')}<div>
<h1>${me.name}</h1>
<p class="meta">Signed in as ${me.email}</p>
</div></div>
${suspensionNotice(caller)}
${
  me.signUp
    ? html`<div class="notice" role="status" id="sign-up-pending"><p>Your sign-up is not finished: posting, applying and messages open once it is.</p>
<p><a href="/sign-up">Go to your next sign-up step</a></p></div>`
    : ''
}
${
  me.missing.length
    ? html`<div class="notice" role="status"><p>Before you post a job or apply, your profile needs: ${me.missing.join(', ')}.</p>
<p><a href="/me/profile">Complete your profile</a></p></div>`
    : ''
}
<ul class="cards two" aria-label="Your account">
${PARTS.map((p) => html`<li class="card"><h2><a href="${p.path}">${p.title}</a></h2><p class="meta">${p.about}</p></li>`)}
</ul>
<section class="part" aria-labelledby="elsewhere-heading">
<h2 id="elsewhere-heading">Your work on the marketplace</h2>
<ul>${ELSEWHERE.map(([path, text]) => html`<li><a href="${path}">${text}</a></li>`)}</ul>
<p><a href="/members/${me.id}">Your public page</a>, as others see it.</p>
</section>`,
        });
      }),
    ),
  );

  pages.push(...meProfilePages(deps));
  pages.push(...meNetworkPages(deps));
  // The files call the files service, which needs a finished sign-up.
  pages.push(...forSignedUp(meFilesPages(deps)));
  pages.push(...meInvitationsPages(deps));
  pages.push(...meAccountPages(deps));
  return pages;
}
