import { getSenderContacts, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { contactsOf } from './lookup.queries.js';

/**
 * Staff answer help requests by email, so they see the account's address whether or not it was
 * verified (alerts, by contrast, go only to a verified one). A deleted account names nobody.
 */
@Injectable()
export class GetSenderContactsHandler implements OperationHandler<typeof getSenderContacts> {
  readonly operation = getSenderContacts;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberIds }: InputOf<typeof getSenderContacts>): Promise<OutputOf<typeof getSenderContacts>> {
    const ids = memberIds.filter(isUuid).map((id) => id.toLowerCase());
    const rows = await contactsOf(this.ds, ids);
    const found = new Map(rows.map((r) => [r.id, r]));
    return {
      members: memberIds.map((memberId) => {
        const row = found.get(memberId.toLowerCase());
        return { memberId, name: row?.name ?? null, email: row?.email ?? null };
      }),
    };
  }
}
