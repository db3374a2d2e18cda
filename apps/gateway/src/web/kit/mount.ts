import { AppError } from '@marketplace/contracts';
import type { BusClient, Logger } from '@marketplace/service-kit/edge';
import type { FastifyInstance } from 'fastify';

import type { Authenticator } from '../../auth/authenticator.js';
import { serverErrorPage } from './error-pages.js';
import { acceptFormPosts } from './form-posts.js';
import { passGuard } from './guard.js';
import type { PageDefinition } from './page.js';
import { fillUnreadBadges, noteReader } from './unread-badge.js';

export interface MountDeps {
  auth: Authenticator;
  logger: Logger;
  /** For the header's unread count of a signed-in reader. */
  bus: BusClient;
}

/**
 * The one way pages are registered: every definition, in one scope that also takes plain HTML
 * form bodies (the JSON API keeps refusing them), each behind its guard, with the signed-in
 * reader's unread count in the header. A service's error that a page did not turn into a page of
 * its own keeps the contract's error body (the error handler); an unexpected failure is the 500 page.
 */
export function mountPages(app: FastifyInstance, deps: MountDeps, pages: readonly PageDefinition[]): void {
  void app.register(async (scope) => {
    acceptFormPosts(scope);
    fillUnreadBadges(scope, deps.bus);
    for (const page of pages) {
      scope.route({
        method: page.method,
        url: page.path,
        handler: async (req, reply) => {
          try {
            const passed = await passGuard(page, deps.auth, req, reply);
            if (passed === 'answered') return reply;
            if (passed.caller) noteReader(deps.bus, req, passed.caller);
            return await page.handler(req, reply, passed.caller);
          } catch (err) {
            if (err instanceof AppError || reply.sent) throw err;
            deps.logger.error({ requestId: req.id, err, method: req.method, route: page.path }, 'unexpected failure');
            return serverErrorPage(reply, req.id);
          }
        },
      });
    }
  });
}
