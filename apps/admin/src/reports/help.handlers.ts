import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { contactForHelp, reportProblem, submitFeatureRequest, type InputOf, type OutputOf } from '@marketplace/contracts';
import type { EntityTarget, ObjectLiteral } from 'typeorm';
import {
  callerOf, countAttempt, limitBuckets, UnitOfWork, type HandlerContext, type LimitBucket, type OperationHandler,
} from '@marketplace/service-kit';
import { FeatureRequestEntity, HelpRequestEntity, ProblemReportEntity } from './report.entities.js';
import { channelOf, normaliseId, refuseSecrets } from './refuse-secrets.js';

/**
 * Help requests, problem reports and feature requests: checked for card numbers and credentials
 * (400, not counted), then counted against the member's hourly bucket and stored in one
 * transaction, so a refused attempt (429) stores nothing and a failed insert counts nothing.
 */

/** Counts the member's attempt and stores the row in one transaction. */
async function storeCounted<E extends ObjectLiteral>(
  uow: UnitOfWork, bucket: LimitBucket, memberId: string, target: EntityTarget<E>, values: E,
): Promise<E> {
  return uow.run(async (em) => {
    await countAttempt(em, bucket, memberId);
    await em.insert(target, values);
    return values;
  });
}

@Injectable()
export class ContactForHelpHandler implements OperationHandler<typeof contactForHelp> {
  readonly operation = contactForHelp;

  constructor(private readonly uow: UnitOfWork) {}

  async handle(input: InputOf<typeof contactForHelp>, ctx: HandlerContext): Promise<OutputOf<typeof contactForHelp>> {
    const caller = callerOf(ctx);
    refuseSecrets({ message: input.message });
    const row = await storeCounted<HelpRequestEntity>(this.uow, limitBuckets().helpRequests, caller.memberId, HelpRequestEntity, {
      id: randomUUID(), memberId: caller.memberId, via: caller.via, topic: input.topic, message: input.message,
      jobId: input.jobId === undefined ? null : normaliseId(input.jobId),
      applicationId: input.applicationId === undefined ? null : normaliseId(input.applicationId),
      createdAt: new Date(),
    });
    return {
      id: row.id, topic: input.topic, message: row.message, jobId: row.jobId, applicationId: row.applicationId,
      createdAt: row.createdAt.toISOString(),
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
    const row = await storeCounted<ProblemReportEntity>(this.uow, limitBuckets().problemReports, caller.memberId, ProblemReportEntity, {
      id: randomUUID(), memberId: caller.memberId, via: caller.via, channel, appVersion: input.appVersion ?? null,
      occurredAt: input.occurredAt ? new Date(input.occurredAt) : now, description: input.description,
      userAgent: ctx.client?.userAgent?.slice(0, 500) ?? null, createdAt: now,
    });
    return {
      id: row.id, channel, appVersion: row.appVersion, occurredAt: row.occurredAt.toISOString(), description: row.description,
      createdAt: row.createdAt.toISOString(),
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
    const row = await storeCounted<FeatureRequestEntity>(this.uow, limitBuckets().featureRequests, caller.memberId, FeatureRequestEntity, {
      id: randomUUID(), memberId: caller.memberId, via: caller.via, title: input.title, description: input.description,
      createdAt: new Date(),
    });
    return { id: row.id, title: row.title, description: row.description, createdAt: row.createdAt.toISOString() };
  }
}
