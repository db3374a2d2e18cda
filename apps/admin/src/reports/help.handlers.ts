import { randomUUID } from 'node:crypto';

import { contactForHelp, type InputOf, type OutputOf, reportProblem, submitFeatureRequest } from '@marketplace/contracts';
import { callerOf, countAttempt, type HandlerContext, type LimitBucket, limitBuckets, type OperationHandler, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { channelOf, normaliseId, refuseSecrets } from './refuse-secrets.js';
import { insertFeatureRequest, insertHelpRequest, insertProblemReport } from './reports.queries.js';

/**
 * Help requests, problem reports and feature requests: checked for card numbers and credentials
 * (400, not counted), then counted against the member's hourly bucket and stored in one
 * transaction, so a refused attempt (429) stores nothing and a failed insert counts nothing.
 */

/** Counts the member's attempt and stores the row in one transaction. */
async function storeCounted<R>(
  uow: UnitOfWork,
  bucket: LimitBucket,
  memberId: string,
  insert: (em: EntityManager, values: R) => Promise<void>,
  values: R,
): Promise<void> {
  await uow.run(async (em) => {
    await countAttempt(em, bucket, memberId);
    await insert(em, values);
  });
}

@Injectable()
export class ContactForHelpHandler implements OperationHandler<typeof contactForHelp> {
  readonly operation = contactForHelp;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof contactForHelp>, ctx: HandlerContext): Promise<OutputOf<typeof contactForHelp>> {
    const caller = callerOf(ctx);
    refuseSecrets({ message: input.message });
    const row = {
      id: randomUUID(),
      member_id: caller.memberId,
      via: caller.via,
      topic: input.topic,
      message: input.message,
      job_id: input.jobId === undefined ? null : normaliseId(input.jobId),
      application_id: input.applicationId === undefined ? null : normaliseId(input.applicationId),
      created_at: new Date(),
    };
    await storeCounted(this.uow, limitBuckets().helpRequests, caller.memberId, insertHelpRequest, row);
    return {
      id: row.id,
      topic: input.topic,
      message: row.message,
      jobId: row.job_id,
      applicationId: row.application_id,
      createdAt: row.created_at.toISOString(),
    };
  }
}

@Injectable()
export class ReportProblemHandler implements OperationHandler<typeof reportProblem> {
  readonly operation = reportProblem;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof reportProblem>, ctx: HandlerContext): Promise<OutputOf<typeof reportProblem>> {
    const caller = callerOf(ctx);
    refuseSecrets({ description: input.description, appVersion: input.appVersion });
    const now = new Date();
    const channel = input.channel ?? channelOf(ctx.surface, caller);
    const row = {
      id: randomUUID(),
      member_id: caller.memberId,
      via: caller.via,
      channel,
      app_version: input.appVersion ?? null,
      occurred_at: input.occurredAt ? new Date(input.occurredAt) : now,
      description: input.description,
      user_agent: ctx.client?.userAgent?.slice(0, 500) ?? null,
      created_at: now,
    };
    await storeCounted(this.uow, limitBuckets().problemReports, caller.memberId, insertProblemReport, row);
    return {
      id: row.id,
      channel,
      appVersion: row.app_version,
      occurredAt: row.occurred_at.toISOString(),
      description: row.description,
      createdAt: row.created_at.toISOString(),
    };
  }
}

@Injectable()
export class SubmitFeatureRequestHandler implements OperationHandler<typeof submitFeatureRequest> {
  readonly operation = submitFeatureRequest;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof submitFeatureRequest>, ctx: HandlerContext): Promise<OutputOf<typeof submitFeatureRequest>> {
    const caller = callerOf(ctx);
    refuseSecrets({ title: input.title, description: input.description });
    const row = {
      id: randomUUID(),
      member_id: caller.memberId,
      via: caller.via,
      title: input.title,
      description: input.description,
      created_at: new Date(),
    };
    await storeCounted(this.uow, limitBuckets().featureRequests, caller.memberId, insertFeatureRequest, row);
    return { id: row.id, title: row.title, description: row.description, createdAt: row.created_at.toISOString() };
  }
}
