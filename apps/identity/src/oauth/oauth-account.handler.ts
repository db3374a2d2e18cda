import { type InputOf, oauthAccount, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { accountClaims } from './oauth.queries.js';

/** Claims released to a client the member approved (profile and email scopes). */
@Injectable()
export class OAuthAccountHandler implements OperationHandler<typeof oauthAccount> {
  readonly operation = oauthAccount;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof oauthAccount>): Promise<OutputOf<typeof oauthAccount>> {
    const m = await accountClaims(this.ds, memberId);
    return m ? { sub: m.id, name: m.name, email: m.email, email_verified: m.verified } : null;
  }
}
