import type { FastifyInstance } from 'fastify';
import type { RouteRecorder } from '../session-pages.js';
import type { MemberAppDeps } from './member-app.js';

/** Applying and working: apply from the job page, my applications, withdraw, and the work page of both sides. */
export function registerWorkPages(_scope: FastifyInstance, _deps: MemberAppDeps, _routes: RouteRecorder): void {
  // Pages are added here.
}
