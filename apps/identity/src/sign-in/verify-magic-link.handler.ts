import { type InputOf, type OutputOf, peekMagicLink, verifyMagicLink } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { hashSecret } from '../sessions/secret-token.js';
import { SessionStore } from '../sessions/session-store.js';
import { withError } from './callback-url.js';
import { MemberSignIn } from './member-sign-in.js';
import { consumeMagicLink, magicLinkEmail, magicLinkErrorCallback } from './sign-in.queries.js';

export const DEFAULT_CALLBACK = '/agent-access';
export const DEFAULT_ERROR_CALLBACK = '/sign-in';

@Injectable()
export class VerifyMagicLinkHandler implements OperationHandler<typeof verifyMagicLink> {
  readonly operation = verifyMagicLink;

  constructor(
    private readonly ds: DataSource,
    private readonly members: MemberSignIn,
    private readonly sessions: SessionStore,
  ) {}

  async handle({ token, userAgent }: InputOf<typeof verifyMagicLink>): Promise<OutputOf<typeof verifyMagicLink>> {
    const tokenHash = hashSecret(token);
    // Consumed in one statement: of two concurrent clicks exactly one signs in.
    const link = await consumeMagicLink(this.ds, tokenHash);
    if (!link) {
      const errorCallback = await magicLinkErrorCallback(this.ds, tokenHash);
      return { ok: false, error: 'INVALID_TOKEN', redirectTo: withError(errorCallback ?? DEFAULT_ERROR_CALLBACK, 'INVALID_TOKEN') };
    }
    if (!link.fresh) {
      return { ok: false, error: 'EXPIRED_TOKEN', redirectTo: withError(link.error_callback_url ?? DEFAULT_ERROR_CALLBACK, 'EXPIRED_TOKEN') };
    }
    const { memberId, newUser } = await this.members.verifiedMember(link.email, link.name);
    const session = await this.sessions.start(memberId, userAgent);
    const redirectTo = (newUser ? link.new_user_callback_url : null) ?? link.callback_url ?? DEFAULT_CALLBACK;
    return { ok: true, sessionToken: session.token, expiresAt: session.expiresAt.toISOString(), memberId, newUser, redirectTo };
  }
}

/**
 * For the "Continue signing in" page: which address the link signs into. Reads only; an unknown,
 * used or expired link answers null, so the page says nothing about it.
 */
@Injectable()
export class PeekMagicLinkHandler implements OperationHandler<typeof peekMagicLink> {
  readonly operation = peekMagicLink;

  constructor(private readonly ds: DataSource) {}

  async handle({ token }: InputOf<typeof peekMagicLink>): Promise<OutputOf<typeof peekMagicLink>> {
    return { email: (await magicLinkEmail(this.ds, hashSecret(token))) ?? null };
  }
}
