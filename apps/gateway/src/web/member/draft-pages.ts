import type { FastifyInstance } from 'fastify';
import type { RouteRecorder } from '../session-pages.js';
import type { MemberAppDeps } from './member-app.js';

/** The guided draft at its previewPath: answers, follow-up questions, research, part-by-part approval, exposures, the walkthrough recording. */
export function registerDraftPages(_scope: FastifyInstance, _deps: MemberAppDeps, _routes: RouteRecorder): void {
  // Pages are added here.
}
