import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { distFile } from '../../dist-files.js';
import type { RouteRecorder } from '../session-pages.js';
import type { MemberAppDeps } from './member-app-deps.js';
import { registerMessagePages } from './talk-messages.js';
import { registerNotificationPages } from './talk-notifications.js';

let pushWorker: string | undefined;
/** The compiled push service worker (web/scripts/push-worker.ts), read once. */
const pushWorkerSource = () => (pushWorker ??= readFileSync(distFile('web/scripts/push-worker.js'), 'utf8'));

/** Talking: messages per application, notifications and browser push. */
export function registerTalkPages(scope: FastifyInstance, deps: MemberAppDeps, routes: RouteRecorder): void {
  registerMessagePages(scope, deps, routes);
  registerNotificationPages(scope, deps, routes);

  // A service worker controls the paths under its own folder, so it is served from /me/ (not /assets/)
  // to receive push for the member pages; it is public code, so no session is needed to fetch it.
  scope.get('/me/push-worker.js', async (_req, reply) => reply
    .header('cache-control', 'no-cache')
    .header('x-content-type-options', 'nosniff')
    .type('text/javascript; charset=utf-8')
    .send(pushWorkerSource()));
  routes.add('/me/push-worker.js', 'GET');
}
