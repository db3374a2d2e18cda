import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  AppError, liftSuspension, listSuspensions, memberReinstatedV1, memberSuspendedV1, REPORT_LIST_LIMITS, suspendMember,
  type InputOf, type OutputOf, isUuid,
} from '@marketplace/contracts';
import {
  callerOf, queryPage, recordEvent, UnitOfWork, type HandlerContext, type OperationHandler,
} from '@marketplace/service-kit';
import { removeAgentAccess } from '../oauth/remove-agent-access.consumer.js';

type Suspension = OutputOf<typeof suspendMember>;

interface SuspensionRow {
  id: string; name: string; suspended_at: Date | null; suspension_reason: string | null; suspended_by: string | null;
}

const COLUMNS = 'id, name, suspended_at, suspension_reason, suspended_by';

function toSuspension(r: SuspensionRow): Suspension {
  return {
    memberId: r.id, memberName: r.name, suspended: r.suspended_at !== null, reason: r.suspension_reason,
    suspendedAt: r.suspended_at?.toISOString() ?? null, suspendedBy: r.suspended_by,
  };
}

async function lockMember(em: EntityManager, id: string): Promise<SuspensionRow> {
  const notFound = AppError.notFound('No member has this id.');
  if (!isUuid(id)) throw notFound;
  const [row] = (await em.query(
    `SELECT ${COLUMNS} FROM members WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id.toLowerCase()],
  )) as SuspensionRow[];
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
      const [rows] = (await em.query(
        `UPDATE members SET suspended_at = now(), suspension_reason = $2, suspended_by = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
        [member.id, reason, staff.memberId],
      )) as [SuspensionRow[], number];
      const suspended = rows[0]!;
      await em.query('DELETE FROM sessions WHERE member_id = $1', [member.id]);
      await em.query('UPDATE api_keys SET revoked_at = now() WHERE member_id = $1 AND revoked_at IS NULL', [member.id]);
      await removeAgentAccess(em, member.id);
      await recordEvent(em, memberSuspendedV1, {
        memberId: member.id, suspendedBy: staff.memberId, reason, suspendedAt: suspended.suspended_at!.toISOString(),
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
      await em.query('UPDATE members SET suspended_at = NULL, suspension_reason = NULL, suspended_by = NULL WHERE id = $1', [member.id]);
      await recordEvent(em, memberReinstatedV1, {
        memberId: member.id, liftedBy: staff.memberId, reason: reason ?? null, liftedAt: new Date().toISOString(),
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
    const page = await queryPage<SuspensionRow>(this.ds,
      `SELECT ${COLUMNS} FROM members WHERE suspended_at IS NOT NULL AND deleted_at IS NULL ORDER BY suspended_at DESC, id`,
      [], input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit);
    return { suspensions: page.rows.map(toSuspension), nextOffset: page.nextOffset };
  }
}
