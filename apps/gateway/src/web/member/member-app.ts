import type { FastifyInstance } from 'fastify';
import { acceptFormPosts } from '../form-posts.js';
import { RouteRecorder } from '../session-pages.js';
import { registerDraftPages } from './draft-pages.js';
import { registerHelpPages } from './help-pages.js';
import { registerHiringPages } from './hiring-pages.js';
import { registerMePages } from './me-pages.js';
import type { MemberAppDeps } from './member-app-deps.js';
import { registerPostingPages } from './posting-pages.js';
import { registerTalkPages } from './talk-pages.js';
import { registerTeamPages } from './team-pages.js';
import { registerWorkPages } from './work-pages.js';

/**
 * The member web app: everything a person does on the marketplace, as server-rendered pages on the
 * one layout over the same catalogue operations agents call, with plain forms (see session-pages).
 */
export function registerMemberApp(app: FastifyInstance, deps: MemberAppDeps): Map<string, Set<string>> {
  const routes = new RouteRecorder();
  void app.register(async (scope) => {
    acceptFormPosts(scope);
    registerMePages(scope, deps, routes);
    registerPostingPages(scope, deps, routes);
    registerDraftPages(scope, deps, routes);
    registerHiringPages(scope, deps, routes);
    registerWorkPages(scope, deps, routes);
    registerTalkPages(scope, deps, routes);
    registerHelpPages(scope, deps, routes);
    registerTeamPages(scope, deps, routes);
  });
  return routes.routes;
}
