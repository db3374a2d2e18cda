import type { CallerVia } from '@marketplace/contracts';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** What every message a member sends to staff records: who sent it, how they reached the API, and when. */
abstract class MemberSubmission {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'member_id' })
  memberId!: string;

  /** How the member reached the API: key, session or oauth (an agent). */
  @Column('text')
  via!: CallerVia;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

export type HelpStatus = 'open' | 'answered' | 'closed';

/** A member's request for help (contact_for_help), for staff to answer. */
@Entity({ name: 'help_requests' })
@Index('help_requests_created', ['createdAt'])
@Index('help_requests_member', ['memberId', 'createdAt'])
export class HelpRequestEntity extends MemberSubmission {
  @Column('text')
  topic!: string;

  @Column('text')
  message!: string;

  @Column('text', { name: 'job_id', nullable: true })
  jobId!: string | null;

  @Column('text', { name: 'application_id', nullable: true })
  applicationId!: string | null;

  /** open until staff reply (answered) or close it. */
  @Column('text', { default: 'open' })
  status?: HelpStatus;

  @Column('timestamptz', { name: 'status_changed_at', nullable: true })
  statusChangedAt?: Date | null;
}

/**
 * A staff reply to a help request: emailed to the member and shown with the request. Removed with
 * the request when the member's account goes (MemberDeletedAdminConsumer).
 */
@Entity({ name: 'help_replies' })
@Index('help_replies_request', ['helpRequestId', 'createdAt'])
export class HelpReplyEntity {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'PK_help_replies' })
  id!: string;

  @Column('uuid', { name: 'help_request_id' })
  helpRequestId!: string;

  @Column('uuid', { name: 'staff_id' })
  staffId!: string;

  @Column('text')
  message!: string;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;
}

/** A problem met on the website, the API or the MCP tools. */
@Entity({ name: 'problem_reports' })
@Index('problem_reports_created', ['createdAt'])
export class ProblemReportEntity extends MemberSubmission {
  /** web, rest or mcp: as given, else the surface the report came through. */
  @Column('text')
  channel!: string;

  @Column('text', { name: 'app_version', nullable: true })
  appVersion!: string | null;

  @Column('timestamptz', { name: 'occurred_at' })
  occurredAt!: Date;

  @Column('text')
  description!: string;

  /** The client's User-Agent as the gateway saw it, for staff looking into the problem. */
  @Column('text', { name: 'user_agent', nullable: true })
  userAgent!: string | null;
}

@Entity({ name: 'feature_requests' })
@Index('feature_requests_created', ['createdAt'])
export class FeatureRequestEntity extends MemberSubmission {
  @Column('text')
  title!: string;

  @Column('text')
  description!: string;
}

export type ContentReportStatus = 'open' | 'dismissed' | 'removed';

/**
 * A report against a job, comment, member or message. One open report per reporter and item (the
 * partial unique index). Staff decide it (dismissed or removed) with a recorded note; the note,
 * the evidence and who decided are for staff only and never shown to the reporter.
 */
@Entity({ name: 'content_reports' })
@Index('content_reports_one_open', ['reporterId', 'kind', 'itemId'], { unique: true, where: "status = 'open'" })
@Index('content_reports_reporter', ['reporterId', 'createdAt'])
@Index('content_reports_status', ['status', 'createdAt'])
@Index('content_reports_item', ['kind', 'itemId', 'status'])
export class ContentReportEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('uuid', { name: 'reporter_id' })
  reporterId!: string;

  @Column('text')
  via!: CallerVia;

  /** job, comment, member or message. */
  @Column('text')
  kind!: string;

  @Column('text', { name: 'item_id' })
  itemId!: string;

  @Column('text')
  reason!: string;

  @Column('text', { nullable: true })
  details!: string | null;

  @Column('text', { default: 'open' })
  status!: ContentReportStatus;

  @Column('timestamptz', { name: 'created_at', default: () => 'now()' })
  createdAt!: Date;

  @Column('timestamptz', { name: 'decided_at', nullable: true })
  decidedAt!: Date | null;

  /** Staff only. */
  @Column('uuid', { name: 'decided_by', nullable: true })
  decidedBy!: string | null;

  /** Staff only: the reason recorded with the decision. */
  @Column('text', { name: 'staff_note', nullable: true })
  staffNote!: string | null;

  /** Staff only: what the content looked like when decided. */
  @Column('jsonb', { nullable: true })
  evidence!: unknown;

  /** Removed content put back after an appeal (the report then reads dismissed). */
  @Column('timestamptz', { name: 'restored_at', nullable: true })
  restoredAt!: Date | null;

  @Column('uuid', { name: 'restored_by', nullable: true })
  restoredBy!: string | null;

  @Column('text', { name: 'restore_note', nullable: true })
  restoreNote!: string | null;
}
