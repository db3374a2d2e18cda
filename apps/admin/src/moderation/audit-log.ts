import { randomUUID } from 'node:crypto';

import {
  type AUDIT_ACTIONS,
  type EventEnvelope,
  type InputOf,
  listAuditLog,
  memberReinstatedV1,
  memberSuspendedV1,
  type OutputOf,
  REPORT_LIST_LIMITS,
  waitlistInvitedV1,
} from '@marketplace/contracts';
import type { EventConsumer, OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DataSource } from 'typeorm';
import type { z } from 'zod';

import { auditLogPage, insertAudit } from './moderation.queries.js';

export interface AuditEntry {
  /** Given when the entry stands for an event, so a redelivered event is recorded once. */
  id?: string;
  actorId: string;
  action: (typeof AUDIT_ACTIONS)[number];
  targetKind: string;
  targetId: string;
  reportId?: string | null;
  reason?: string | null;
}

/** The one way into the audit log, inside the transaction of the action it records. */
export async function appendAudit(em: EntityManager, entry: AuditEntry): Promise<void> {
  await insertAudit(em, {
    id: entry.id ?? randomUUID(),
    actor_id: entry.actorId,
    action: entry.action,
    target_kind: entry.targetKind,
    target_id: entry.targetId,
    report_id: entry.reportId ?? null,
    reason: entry.reason ?? null,
  });
}

@Injectable()
export class ListAuditLogHandler implements OperationHandler<typeof listAuditLog> {
  readonly operation = listAuditLog;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listAuditLog>): Promise<OutputOf<typeof listAuditLog>> {
    const page = await auditLogPage(this.ds, input.offset ?? 0, input.limit ?? REPORT_LIST_LIMITS.defaultLimit);
    return {
      entries: page.rows.map((r) => ({
        id: r.id,
        actorId: r.actor_id,
        action: r.action,
        targetKind: r.target_kind,
        targetId: r.target_id,
        reportId: r.report_id,
        reason: r.reason,
        createdAt: r.created_at.toISOString(),
      })),
      nextOffset: page.nextOffset,
    };
  }
}

/** Identity owns the waitlist; its staff invitations reach the audit log as events. */
@Injectable()
export class WaitlistInvitedAuditConsumer implements EventConsumer<typeof waitlistInvitedV1.payload> {
  readonly name = 'waitlist-invited-audit';
  readonly event = waitlistInvitedV1;

  async apply(event: EventEnvelope<z.output<typeof waitlistInvitedV1.payload>>, em: EntityManager): Promise<void> {
    await appendAudit(em, {
      id: event.id,
      actorId: event.payload.invitedBy,
      action: 'invite_from_waitlist',
      targetKind: 'waitlist',
      targetId: event.payload.entryId,
    });
  }
}

/** Identity owns a member's standing; suspending and lifting reach the audit log as events. */
@Injectable()
export class MemberSuspendedAuditConsumer implements EventConsumer<typeof memberSuspendedV1.payload> {
  readonly name = 'member-suspended-audit';
  readonly event = memberSuspendedV1;

  async apply(event: EventEnvelope<z.output<typeof memberSuspendedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, suspendedBy, reason } = event.payload;
    await appendAudit(em, { id: event.id, actorId: suspendedBy, action: 'suspend', targetKind: 'member', targetId: memberId, reason });
  }
}

@Injectable()
export class MemberReinstatedAuditConsumer implements EventConsumer<typeof memberReinstatedV1.payload> {
  readonly name = 'member-reinstated-audit';
  readonly event = memberReinstatedV1;

  async apply(event: EventEnvelope<z.output<typeof memberReinstatedV1.payload>>, em: EntityManager): Promise<void> {
    const { memberId, liftedBy, reason } = event.payload;
    await appendAudit(em, { id: event.id, actorId: liftedBy, action: 'lift_suspension', targetKind: 'member', targetId: memberId, reason });
  }
}
