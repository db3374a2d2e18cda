import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { peekMagicLink, verifyMagicLink, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { hashSecret } from '../sessions/secret-token.js';
import { SessionStore } from '../sessions/session-store.js';
import { withError } from './callback-url.js';
import { MemberSignIn } from './member-sign-in.js';

export const DEFAULT_CALLBACK = '/agent-access';
export const DEFAULT_ERROR_CALLBACK = '/sign-in';

interface LinkRow {
  email: string; name: string | null; callback_url: string | null; new_user_callback_url: string | null;
  error_callback_url: string | null; fresh: boolean;
}

@Injectable()
export class VerifyMagicLinkHandler implements OperationHandler<typeof verifyMagicLink> {
  readonly operation = verifyMagicLink;

  constructor(private readonly ds: DataSource, private readonly members: MemberSignIn, private readonly sessions: SessionStore) {}

  async handle({ token, userAgent }: InputOf<typeof verifyMagicLink>): Promise<OutputOf<typeof verifyMagicLink>> {
    const tokenHash = hashSecret(token);
    // Consumed in one statement: of two concurrent clicks exactly one signs in.
    const [consumed]: [LinkRow[], number] = await this.ds.query(
      `UPDATE magic_links SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL
       RETURNING email, name, callback_url, new_user_callback_url, error_callback_url, expires_at > now() AS fresh`,
      [tokenHash],
    );
    const link = consumed[0];
    if (!link) {
      const spent: { error_callback_url: string | null }[] = await this.ds.query(
        'SELECT error_callback_url FROM magic_links WHERE token_hash = $1', [tokenHash],
      );
      return { ok: false, error: 'INVALID_TOKEN', redirectTo: withError(spent[0]?.error_callback_url ?? DEFAULT_ERROR_CALLBACK, 'INVALID_TOKEN') };
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
    const rows: { email: string }[] = await this.ds.query(
      'SELECT email FROM magic_links WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
      [hashSecret(token)],
    );
    return { email: rows[0]?.email ?? null };
  }
}
