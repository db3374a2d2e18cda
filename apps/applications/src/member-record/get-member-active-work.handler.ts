import { getMemberActiveWork, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { activeWorkJobIds } from './member-record.queries.js';

/** Hired work that is neither completed nor cancelled, on either side (blocks account deletion). */
@Injectable()
export class GetMemberActiveWorkHandler implements OperationHandler<typeof getMemberActiveWork> {
  readonly operation = getMemberActiveWork;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof getMemberActiveWork>): Promise<OutputOf<typeof getMemberActiveWork>> {
    if (!isUuid(memberId)) return { active: false, jobIds: [] };
    const rows = await activeWorkJobIds(this.ds, memberId);
    return { active: rows.length > 0, jobIds: rows.map((r) => r.job_id) };
  }
}
