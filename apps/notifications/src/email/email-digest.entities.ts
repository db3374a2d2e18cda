import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A member's email state. Writers of alerts and the sender both update this row, so its lock
 * orders them: an alert is either taken by the open digest or opens the next one, never neither.
 */
@Entity({ name: 'email_members' })
export class EmailMemberEntity {
  @PrimaryColumn('uuid', { name: 'member_id', primaryKeyConstraintName: 'PK_email_members' })
  memberId!: string;

  @Column('uuid', { name: 'open_digest_id', nullable: true })
  openDigestId!: string | null;

  /** When the last digest was put together; the next is not sent before this plus the window. */
  @Column('timestamptz', { name: 'last_closed_at', nullable: true })
  lastClosedAt!: Date | null;
}

/** One batched alert email to one member. */
@Entity({ name: 'email_digests' })
@Index('email_digests_member', ['memberId'])
export class EmailDigestEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_email_digests' })
  id!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('timestamptz', { name: 'send_after' })
  sendAfter!: Date;

  /** Set when the digest took its alerts; later alerts open the next digest. */
  @Column('timestamptz', { name: 'closed_at', nullable: true })
  closedAt!: Date | null;

  @Column('timestamptz', { name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  /** false when nothing was left to send (every switch off, or no verified address). */
  @Column('boolean', { nullable: true })
  emailed!: boolean | null;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** An alert waiting to be emailed under its switch; `digestId` is set when a digest takes it. */
@Entity({ name: 'email_alerts' })
@Index('email_alerts_waiting', ['memberId'], { where: '"digest_id" IS NULL' })
@Index('email_alerts_digest', ['digestId'], { where: '"digest_id" IS NOT NULL' })
export class EmailAlertEntity {
  @PrimaryColumn('uuid', { name: 'alert_id', primaryKeyConstraintName: 'PK_email_alerts' })
  alertId!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text', { name: 'email_switch' })
  emailSwitch!: string;

  @Column('uuid', { name: 'digest_id', nullable: true })
  digestId!: string | null;
}
