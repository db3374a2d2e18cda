import type { FastifyInstance } from 'fastify';
import type { RouteRecorder } from '../session-pages.js';
import type { MemberAppDeps } from './member-app.js';

/** Posting: my jobs, the new-job form with its live preview, editing a job and closing it. */
export function registerPostingPages(_scope: FastifyInstance, _deps: MemberAppDeps, _routes: RouteRecorder): void {
  // Pages are added here.
}
