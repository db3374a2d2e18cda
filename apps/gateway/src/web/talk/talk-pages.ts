import { readFileSync } from 'node:fs';

import { distFile } from '../../dist-files.js';
import { definePage, type PageDefinition, type PageDeps } from '../kit/page.js';
import { messagePages } from './talk-messages.js';
import { notificationPages } from './talk-notifications.js';

let pushWorker: string | undefined;
/** The compiled push service worker (web/scripts/push-worker.ts), read once. */
const pushWorkerSource = () => (pushWorker ??= readFileSync(distFile('web/scripts/push-worker.js'), 'utf8'));

/** Talking: messages per application, notifications and browser push. */
export function talkPages(deps: PageDeps): PageDefinition[] {
  const pages: PageDefinition[] = [];
  pages.push(...messagePages(deps));
  pages.push(...notificationPages(deps));

  // A service worker controls the paths under its own folder, so it is served from /me/ (not /assets/)
  // to receive push for the member pages; it is public code, so no session is needed to fetch it.
  pages.push(
    definePage({
      method: 'GET',
      path: '/me/push-worker.js',
      guard: 'public',
      handler: async (_req, reply) =>
        reply.header('cache-control', 'no-cache').header('x-content-type-options', 'nosniff').type('text/javascript; charset=utf-8').send(pushWorkerSource()),
    }),
  );
  return pages;
}
