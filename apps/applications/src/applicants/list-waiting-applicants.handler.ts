import { type InputOf, isUuid, listWaitingApplicants, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { waitingApplicantIds } from './applicants.queries.js';

@Injectable()
export class ListWaitingApplicantsHandler implements OperationHandler<typeof listWaitingApplicants> {
  readonly operation = listWaitingApplicants;

  constructor(private readonly ds: DataSource) {}

  async handle({ jobId }: InputOf<typeof listWaitingApplicants>): Promise<OutputOf<typeof listWaitingApplicants>> {
    if (!isUuid(jobId)) return { applicantIds: [] };
    const rows = await waitingApplicantIds(this.ds, jobId);
    return { applicantIds: rows.map((r) => r.applicant_id) };
  }
}
