import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { getMemberContact, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/** Alerts go only to a verified address of an account that still exists. */
@Injectable()
export class GetMemberContactHandler implements OperationHandler<typeof getMemberContact> {
  readonly operation = getMemberContact;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof getMemberContact>): Promise<OutputOf<typeof getMemberContact>> {
    const [row] = (await this.ds.query(
      `SELECT email, name, email_verified_at IS NOT NULL AS verified FROM members
       WHERE id::text = $1 AND deleted_at IS NULL`,
      [memberId],
    )) as { email: string; name: string | null; verified: boolean }[];
    if (!row) return { email: null, name: null };
    return { email: row.verified ? row.email : null, name: row.name };
  }
}
