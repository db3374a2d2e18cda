import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * An alert for one member: delivered to agents at most once across sessions (delivered_at), and
 * kept NOTIFICATIONS_KEPT_DAYS as the person's notification history with its own read state.
 */
@Entity({ name: 'alerts' })
// One event may alert several members (a poster and a parent comment's author, say), but each once.
@Index('alerts_event_member', ['eventId', 'memberId'], { unique: true })
@Index('alerts_pending', ['memberId', 'createdAt'], { where: '"delivered_at" IS NULL' })
@Index('alerts_unread', ['memberId', 'createdAt'], { where: '"read_at" IS NULL' })
@Index('alerts_created', ['createdAt'])
// A member's history page, newest first: a DESC order TypeORM cannot express, so made by the migration.
@Index('alerts_history', { synchronize: false })
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

  /**
   * Which conversation the alert belongs to, derived from its event when it is written:
   * `application:<id>` (an application, its hiring, work and messages), `job:<id>` (the job as a
   * whole) or `comments:<rootCommentId>` (a comment thread). Delivery groups by it.
   */
  @Column('text', { name: 'conversation_key' })
  conversationKey!: string;

  @Column('text', { name: 'conversation_kind' })
  conversationKind!: 'application' | 'job' | 'comment_thread' | 'account';

  @Column('uuid', { name: 'application_id', nullable: true })
  applicationId!: string | null;

  /** The thread's top-level comment, for comment alerts. */
  @Column('uuid', { name: 'comment_id', nullable: true })
  commentId!: string | null;

  /** The job's title when the event named it. */
  @Column('text', { nullable: true })
  title!: string | null;

  /** The event that caused it, so one event never yields two alerts for the same member. */
  @Column('uuid', { name: 'event_id' })
  eventId!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'delivered_at', nullable: true })
  deliveredAt!: Date | null;

  /** When the person marked it read; independent of delivered_at. */
  @Column('timestamptz', { name: 'read_at', nullable: true })
  readAt!: Date | null;
}
