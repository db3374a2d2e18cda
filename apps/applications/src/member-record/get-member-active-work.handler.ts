import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUuid, getMemberActiveWork, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

/** Hired work that is neither completed nor cancelled, on either side (blocks account deletion). */
@Injectable()
export class GetMemberActiveWorkHandler implements OperationHandler<typeof getMemberActiveWork> {
  readonly operation = getMemberActiveWork;

  constructor(private readonly ds: DataSource) {}

  async handle({ memberId }: InputOf<typeof getMemberActiveWork>): Promise<OutputOf<typeof getMemberActiveWork>> {
    if (!isUuid(memberId)) return { active: false, jobIds: [] };
    const rows = (await this.ds.query(
      `SELECT job_id FROM hires WHERE (poster_id = $1 OR worker_id = $1) AND status NOT IN ('completed', 'cancelled')
       ORDER BY created_at DESC`,
      [memberId],
    )) as { job_id: string }[];
    return { active: rows.length > 0, jobIds: rows.map((r) => r.job_id) };
  }
}
