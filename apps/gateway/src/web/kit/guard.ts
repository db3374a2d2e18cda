import { AppError, type Caller } from '@marketplace/contracts';
import { guardAccess } from '@marketplace/service-kit/edge';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { Authenticator } from '../../auth/authenticator.js';
import { refusedPage, staffOnlyPage } from './error-pages.js';
import { formCaller } from './form-posts.js';
import type { PageDefinition } from './page.js';

/** A guard's answer: the caller the page runs for (null: nobody), or `answered` when the guard replied itself. */
export type GuardOutcome = { caller: Caller | null } | 'answered';

/**
 * Runs a page's guard (see `Guard` in page.ts). A GET without a session goes to sign in and comes
 * back; a form post must come from this site (formCaller); `signed-up` and `staff` ask the one
 * access check the services run (`guardAccess`), so the page refuses in the services' own words.
 */
export async function passGuard(
  page: Pick<PageDefinition, 'guard' | 'refused'>,
  auth: Authenticator,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<GuardOutcome> {
  if (page.guard === 'public') return { caller: null };
  const post = req.method !== 'GET' && req.method !== 'HEAD';
  if (page.guard === 'visitor') {
    return { caller: await (post ? formCaller(auth, req, reply) : auth.sessionCaller(req, reply)).catch(() => null) };
  }
  const refuse = page.refused ?? (page.guard === 'staff' ? staffOnlyPage : refusedPage);
  const caller = post ? await formCaller(auth, req, reply) : await auth.sessionCaller(req, reply);
  if (!caller) {
    if (!post) void reply.redirect(`/sign-in?next=${encodeURIComponent(req.url)}`, 302);
    else void refuse(reply, AppError.unauthorized('Sign in on this site, then send the form again.'));
    return 'answered';
  }
  if (page.guard === 'signed-up' || page.guard === 'staff') {
    try {
      guardAccess(page.guard === 'staff' ? 'staff' : 'member', caller);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      void refuse(reply, err);
      return 'answered';
    }
  }
  return { caller };
}
