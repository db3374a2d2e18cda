import { AppError, type InputOf, type OutputOf, requestMagicLink } from '@marketplace/contracts';
import { countAttempt, limitBuckets, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { hashSecret, newSecret } from '../sessions/secret-token.js';
import { assertTrustedOrigin, trustedCallback } from './callback-url.js';
import { Mailer } from './mailer.js';
import { signInConfig } from './sign-in.config.js';
import { deleteMagicLink, insertMagicLink } from './sign-in.queries.js';

export const MAGIC_LINK_MINUTES = 5;

@Injectable()
export class RequestMagicLinkHandler implements OperationHandler<typeof requestMagicLink> {
  readonly operation = requestMagicLink;

  constructor(
    private readonly ds: DataSource,
    private readonly mailer: Mailer,
  ) {}

  async handle(input: InputOf<typeof requestMagicLink>): Promise<OutputOf<typeof requestMagicLink>> {
    if (!this.mailer.configured) throw AppError.notFound('Sign-in by email link is not available: email is not configured.');
    assertTrustedOrigin(input.origin);
    const callbackUrl = trustedCallback(input.callbackURL, 'callbackURL');
    const newUserCallbackUrl = trustedCallback(input.newUserCallbackURL, 'newUserCallbackURL');
    const errorCallbackUrl = trustedCallback(input.errorCallbackURL, 'errorCallbackURL');
    await countAttempt(this.ds, limitBuckets().magicLinks, input.clientIp);
    await countAttempt(this.ds, limitBuckets().magicLinksPerEmail, input.email);

    // The same answer whether or not an account exists: the link itself creates it.
    const token = newSecret();
    const tokenHash = hashSecret(token);
    await insertMagicLink(this.ds, {
      tokenHash,
      email: input.email,
      name: input.name ?? null,
      callbackUrl: callbackUrl ?? null,
      newUserCallbackUrl: newUserCallbackUrl ?? null,
      errorCallbackUrl: errorCallbackUrl ?? null,
      minutes: MAGIC_LINK_MINUTES,
    });
    const link = `${signInConfig().publicOrigin}/api/auth/magic-link/verify?token=${token}`;
    try {
      await this.mailer.send({
        to: input.email,
        subject: 'Your sign-in link',
        text: `Sign in to the marketplace with this link:\n\n${link}\n\nIt works once, within ${MAGIC_LINK_MINUTES} minutes. If you did not ask to sign in, ignore this email.\n`,
        html:
          `<p>Sign in to the marketplace with this link:</p><p><a href="${link}">Sign in</a></p>` +
          `<p>It works once, within ${MAGIC_LINK_MINUTES} minutes. If you did not ask to sign in, ignore this email.</p>`,
      });
    } catch (err) {
      // An unsent link must not stay usable.
      await deleteMagicLink(this.ds, tokenHash).catch(() => undefined);
      throw err;
    }
    return { status: true };
  }
}
