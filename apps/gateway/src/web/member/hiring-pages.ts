import type { FastifyInstance } from 'fastify';
import type { RouteRecorder } from '../session-pages.js';
import type { MemberAppDeps } from './member-app.js';

/** Hiring: a job's applications, accept and decline, the contact once hired, file access for the worker. */
export function registerHiringPages(_scope: FastifyInstance, _deps: MemberAppDeps, _routes: RouteRecorder): void {
  // Pages are added here.
}
