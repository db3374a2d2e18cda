import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { oauthAccount, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/** Claims released to a client the member approved (profile and email scopes). */
@Injectable()
export class OAuthAccountHandler implements OperationHandler<typeof oauthAccount> {
  readonly operation = oauthAccount;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof oauthAccount>): Promise<OutputOf<typeof oauthAccount>> {
    const rows: { id: string; name: string; email: string; verified: boolean }[] = await this.ds.query(
      'SELECT id, name, email, email_verified_at IS NOT NULL AS verified FROM members WHERE id::text = $1', [memberId],
    );
    const m = rows[0];
    return m ? { sub: m.id, name: m.name, email: m.email, email_verified: m.verified } : null;
  }
}
