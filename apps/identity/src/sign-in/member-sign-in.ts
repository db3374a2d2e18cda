import { memberJoinedV1 } from '@marketplace/contracts';
import { recordEvent } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { createVerifiedMember, insertStartingProfile, markEmailVerified } from './sign-in.queries.js';

/**
 * The account behind a proven email address: created on first sign-in (name from the request or
 * the identity provider, else the neutral DEFAULT_MEMBER_NAME: never derived from the address,
 * since names are public), and marked verified, since following the link proved ownership.
 */
/** The public name of an account that gave none; it says nothing about the email address. */
export const DEFAULT_MEMBER_NAME = 'New member';

@Injectable()
export class MemberSignIn {
  constructor(private readonly ds: DataSource) {}

  async verifiedMember(email: string, name: string | null): Promise<{ memberId: string; newUser: boolean }> {
    const address = email.toLowerCase();
    return this.ds.transaction(async (em) => {
      const created = await createVerifiedMember(em, address, (name?.trim() || DEFAULT_MEMBER_NAME).slice(0, 120));
      if (created) {
        // Same starting point as any other account: an empty profile, anonymous as an applicant.
        await insertStartingProfile(em, created);
        // In the same transaction: the welcome email is sent once the account exists, and only then.
        await recordEvent(em, memberJoinedV1, { memberId: created, joinedAt: new Date().toISOString() });
        return { memberId: created, newUser: true };
      }
      return { memberId: (await markEmailVerified(em, address))!, newUser: false };
    });
  }
}
