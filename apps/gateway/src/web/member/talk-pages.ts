import type { FastifyInstance } from 'fastify';
import type { RouteRecorder } from '../session-pages.js';
import type { MemberAppDeps } from './member-app.js';

/** Talking: messages per application, comments and replies on the job page, notifications. */
export function registerTalkPages(_scope: FastifyInstance, _deps: MemberAppDeps, _routes: RouteRecorder): void {
  // Pages are added here.
}
