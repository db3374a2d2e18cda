import { getMemberContact, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { contactOf } from './lookup.queries.js';

/** Alerts go only to a verified address of an account that still exists. */
@Injectable()
export class GetMemberContactHandler implements OperationHandler<typeof getMemberContact> {
  readonly operation = getMemberContact;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof getMemberContact>): Promise<OutputOf<typeof getMemberContact>> {
    const row = await contactOf(this.ds, memberId);
    if (!row) return { email: null, name: null };
    return { email: row.verified ? row.email : null, name: row.name };
  }
}
