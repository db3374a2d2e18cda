import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** One staff action. Append-only: a database trigger refuses updates and deletes. */
@Entity({ name: 'staff_audit_log' })
@Index('staff_audit_log_created', ['createdAt'])
export class AuditLogEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'actor_id' })
  actorId!: string;

  /** One of AUDIT_ACTIONS in the contracts. */
  @Column('text')
  action!: string;

  @Column('text', { name: 'target_kind' })
  targetKind!: string;

  @Column('text', { name: 'target_id' })
  targetId!: string;

  @Column('uuid', { name: 'report_id', nullable: true })
  reportId!: string | null;

  @Column('text', { nullable: true })
  reason!: string | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}
