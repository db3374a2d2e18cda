import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { memberJoinedV1 } from '@marketplace/contracts';
import { recordEvent } from '@marketplace/service-kit';

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
      const created: { id: string }[] = await em.query(
        `INSERT INTO members (id, email, name, email_verified_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (email) DO NOTHING RETURNING id`,
        [randomUUID(), address, (name?.trim() || DEFAULT_MEMBER_NAME).slice(0, 120)],
      );
      if (created[0]) {
        // Same starting point as any other account: an empty profile, anonymous as an applicant.
        await em.query(
          `INSERT INTO profiles (member_id, skills, applicant_visibility) VALUES ($1, '[]'::jsonb, 'anonymous')
           ON CONFLICT DO NOTHING`,
          [created[0].id],
        );
        // In the same transaction: the welcome email is sent once the account exists, and only then.
        await recordEvent(em, memberJoinedV1, { memberId: created[0].id, joinedAt: new Date().toISOString() });
        return { memberId: created[0].id, newUser: true };
      }
      const [rows]: [{ id: string }[], number] = await em.query(
        `UPDATE members SET email_verified_at = coalesce(email_verified_at, now()) WHERE email = $1 RETURNING id`,
        [address],
      );
      return { memberId: rows[0]!.id, newUser: false };
    });
  }
}
