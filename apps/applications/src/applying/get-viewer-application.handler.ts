import { getViewerApplication, type InputOf, isUuid, type OutputOf } from '@marketplace/contracts';
import type { OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { toViewerApplication } from './application.mapper.js';
import { latestApplication } from './applications.queries.js';

/** The member's most recent application to the job, withdrawn included; null when never applied. */
@Injectable()
export class GetViewerApplicationHandler implements OperationHandler<typeof getViewerApplication> {
  readonly operation = getViewerApplication;

  constructor(private readonly ds: DataSource) {}

  async handle({ jobId, memberId }: InputOf<typeof getViewerApplication>): Promise<OutputOf<typeof getViewerApplication>> {
    if (!isUuid(jobId) || !isUuid(memberId)) return { application: null };
    const app = await latestApplication(this.ds, jobId, memberId);
    return { application: app ? toViewerApplication(app) : null };
  }
}
