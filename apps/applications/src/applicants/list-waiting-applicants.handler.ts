import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isUuid, listWaitingApplicants, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';

@Injectable()
export class ListWaitingApplicantsHandler implements OperationHandler<typeof listWaitingApplicants> {
  readonly operation = listWaitingApplicants;

  constructor(private readonly ds: DataSource) {}

  async handle({ jobId }: InputOf<typeof listWaitingApplicants>): Promise<OutputOf<typeof listWaitingApplicants>> {
    if (!isUuid(jobId)) return { applicantIds: [] };
    const rows: { applicant_id: string }[] = await this.ds.query(
      `SELECT DISTINCT applicant_id FROM applications WHERE job_id = $1 AND status = 'submitted'`, [jobId]);
    return { applicantIds: rows.map((r) => r.applicant_id) };
  }
}
