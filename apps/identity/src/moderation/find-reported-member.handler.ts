import { findReportedMember, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { liveMemberId } from '../members/members.queries.js';

/** Lets admin refuse a report on a member who does not exist or deleted their account. */
@Injectable()
export class FindReportedMemberHandler implements OperationHandler<typeof findReportedMember> {
  readonly operation = findReportedMember;

  constructor(private readonly ds: DataSource) {}

  async handle({ itemId }: InputOf<typeof findReportedMember>): Promise<OutputOf<typeof findReportedMember>> {
    if (!isUuid(itemId)) return { found: false, ownerId: null };
    const id = await liveMemberId(this.ds, itemId);
    return id ? { found: true, ownerId: id } : { found: false, ownerId: null };
  }
}
