import type { FastifyInstance } from 'fastify';
import type { RouteRecorder } from '../session-pages.js';
import type { MemberAppDeps } from './member-app.js';

/** Me: profile and photo, applicant visibility, personal files, invitations, email switches, connected agents, content reports, account deletion. */
export function registerMePages(_scope: FastifyInstance, _deps: MemberAppDeps, _routes: RouteRecorder): void {
  // Pages are added here.
}
