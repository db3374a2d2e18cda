import type { Logger } from '@marketplace/service-kit/edge';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { boardPages } from './board/board-pages.js';
import { jobPageForms } from './board/job-page-forms.js';
import { jobVersionPages } from './board/job-versions-page.js';
import { helpPages } from './help/help-pages.js';
import { hiringPages } from './hiring/hiring-pages.js';
import { jobFilesPages } from './job-files/job-files-pages.js';
import { notFoundPage } from './kit/error-pages.js';
import { mountPages } from './kit/mount.js';
import { forSignedUp, type PageDefinition, type PageDeps } from './kit/page.js';
import { siteFilePages } from './kit/site-files.js';
import { agentAccessPage } from './me/agent-access-page.js';
import { mePages } from './me/me-pages.js';
import { draftPages } from './posting/draft-pages.js';
import { postingPages } from './posting/posting-pages.js';
import { recordPage } from './posting/record-page.js';
import { signInPages } from './sign-in/sign-in-pages.js';
import { joinPages } from './sign-up/join-page.js';
import { signUpPages } from './sign-up/sign-up-steps.js';
import { staffPages } from './staff/staff-console.js';
import { talkPages } from './talk/talk-pages.js';
import { unsubscribePages } from './talk/unsubscribe-page.js';
import { teamPages } from './team/team-pages.js';
import { workPages } from './work/work-pages.js';

/**
 * Every page of the site, area by area: each area exports its page definitions (method, path,
 * guard, handler) and this is the one place they are mounted. Nothing under web/ imports this file.
 */
export function webPages(deps: PageDeps): PageDefinition[] {
  return [
    ...siteFilePages(),
    ...boardPages(deps),
    ...jobVersionPages(deps),
    ...signInPages(deps),
    ...joinPages(deps),
    ...signUpPages(deps),
    agentAccessPage,
    ...mePages(deps),
    // The areas that call member operations: a member still in the sign-up steps is told so first.
    ...forSignedUp([
      ...jobPageForms(deps),
      ...postingPages(deps),
      ...draftPages(deps),
      ...hiringPages(deps),
      ...workPages(deps),
      ...jobFilesPages(deps),
      ...talkPages(deps),
      ...teamPages(deps),
    ]),
    recordPage,
    ...unsubscribePages(deps),
    ...helpPages(deps),
    ...staffPages(deps),
  ];
}

/** The server-rendered site, on the web kit: registered once, from the definitions above. */
export function registerWebApp(app: FastifyInstance, deps: PageDeps & { logger: Logger }): void {
  mountPages(app, deps, webPages(deps));
}

/** The 404 page for an address no page or route serves (the gateway's not-found handler, for browsers). */
export function webNotFoundPage(reply: FastifyReply): FastifyReply {
  return notFoundPage(reply, { title: 'Page not found', text: 'There is no page at this address.', signedIn: false });
}
