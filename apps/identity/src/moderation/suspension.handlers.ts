import {
  AppError,
  type InputOf,
  liftSuspension,
  listSuspensions,
  memberReinstatedV1,
  memberSuspendedV1,
  type OutputOf,
  REPORT_LIST_LIMITS,
  suspendMember,
} from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler, pageOf, recordEvent, UnitOfWork } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

import { revokeKeysOf } from '../keys/keys.queries.js';
import { removeAgentAccess } from '../oauth/remove-agent-access.consumer.js';
import { endMemberSessions } from '../sessions/sessions.queries.js';
import { liftSuspensionOf, lockSuspension, suspend, type SuspensionRow, suspensionsPage } from './moderation.queries.js';

type Suspension = OutputOf<typeof suspendMember>;

function toSuspension(r: SuspensionRow): Suspension {
  return {
    memberId: r.id,
    memberName: r.name,
    suspended: r.suspended_at !== null,
    reason: r.suspension_reason,
    suspendedAt: r.suspended_at?.toISOString() ?? null,
    suspendedBy: r.suspended_by,
  };
}

async function lockMember(em: EntityManager, id: string): Promise<SuspensionRow> {
  const notFound = AppError.notFound('No member has this id.');
  const row = await lockSuspension(em, id.toLowerCase());
  if (!row) throw notFound;
  return row;
}

/**
 * Suspends in one transaction with ending every way in the member had: browser sessions, API keys
 * and agent grants, so nothing issued before keeps working; a new sign-in then carries the
 * reason, which every service's guard refuses writes on. Jobs and the audit log follow the event.
 */
@Injectable()
export class SuspendMemberHandler implements OperationHandler<typeof suspendMember> {
  readonly operation = suspendMember;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id, reason }: InputOf<typeof suspendMember>, ctx: HandlerContext): Promise<Suspension> {
    const staff = callerOf(ctx);
    return this.uow.run(async (em) => {
      const member = await lockMember(em, id);
      if (member.id === staff.memberId) throw AppError.conflict('You cannot suspend yourself.');
      if (member.suspended_at) throw AppError.conflict('This member is already suspended; lift the suspension first to change its reason.');
      const suspended = (await suspend(em, member.id, reason, staff.memberId))!;
      await endMemberSessions(em, member.id);
      await revokeKeysOf(em, member.id);
      await removeAgentAccess(em, member.id);
      await recordEvent(em, memberSuspendedV1, {
        memberId: member.id,
        suspendedBy: staff.memberId,
        reason,
        suspendedAt: suspended.suspended_at!.toISOString(),
      });
      return toSuspension(suspended);
    });
  }
}

/** Lifting restores writing; keys and grants ended by the suspension stay ended (the member makes new ones). */
@Injectable()
export class LiftSuspensionHandler implements OperationHandler<typeof liftSuspension> {
  readonly operation = liftSuspension;

  constructor(private readonly uow: UnitOfWork) {}

  async handle({ id, reason }: InputOf<typeof liftSuspension>, ctx: HandlerContext): Promise<Suspension> {
    const staff = callerOf(ctx);
    return this.uow.run(async (em) => {
      const member = await lockMember(em, id);
      if (!member.suspended_at) throw AppError.conflict('This member is not suspended.');
      await liftSuspensionOf(em, member.id);
      await recordEvent(em, memberReinstatedV1, {
        memberId: member.id,
        liftedBy: staff.memberId,
        reason: reason ?? null,
        liftedAt: new Date().toISOString(),
      });
      return toSuspension({ ...member, suspended_at: null, suspension_reason: null, suspended_by: null });
    });
  }
}

@Injectable()
export class ListSuspensionsHandler implements OperationHandler<typeof listSuspensions> {
  readonly operation = listSuspensions;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listSuspensions>): Promise<OutputOf<typeof listSuspensions>> {
    const offset = input.offset ?? 0;
    const limit = input.limit ?? REPORT_LIST_LIMITS.defaultLimit;
    const page = pageOf(await suspensionsPage(this.ds, offset, limit), offset, limit);
    return { suspensions: page.rows.map(toSuspension), nextOffset: page.nextOffset };
  }
}
