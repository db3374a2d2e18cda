import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A pending alert for one member; delivered at most once across sessions. */
@Entity({ name: 'alerts' })
// One event may alert several members (a poster and a parent comment's author, say), but each once.
@Index('alerts_event_member', ['eventId', 'memberId'], { unique: true })
@Index('alerts_pending', ['memberId', 'createdAt'], { where: '"delivered_at" IS NULL' })
export class AlertEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  @Column('text')
  kind!: string;

  @Column('text')
  message!: string;

  @Column('uuid', { name: 'job_id', nullable: true })
  jobId!: string | null;

  /** The event that caused it, so one event never yields two alerts for the same member. */
  @Column('uuid', { name: 'event_id' })
  eventId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'delivered_at', nullable: true })
  deliveredAt!: Date | null;
}
