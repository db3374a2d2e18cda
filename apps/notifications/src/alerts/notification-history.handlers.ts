import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  AppError, isUuid, listMyNotifications, markAllNotificationsRead, markNotificationRead, type InputOf, type OutputOf,
} from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';

type Notification = OutputOf<typeof markNotificationRead>;

interface NotificationRow {
  id: string; kind: string; message: string; conversation_key: string;
  conversation_kind: Notification['conversationKind']; job_id: string | null; application_id: string | null;
  comment_id: string | null; title: string | null; created_at: Date; read_at: Date | null;
}

const COLUMNS = `id, kind, message, conversation_key, conversation_kind, job_id, application_id, comment_id, title, created_at, read_at`;

function notificationOf(r: NotificationRow): Notification {
  return {
    id: r.id, kind: r.kind, message: r.message, conversationKey: r.conversation_key, conversationKind: r.conversation_kind,
    jobId: r.job_id, applicationId: r.application_id, commentId: r.comment_id, title: r.title,
    createdAt: new Date(r.created_at).toISOString(), readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

const unreadOnly = { true: 'AND read_at IS NULL', false: 'AND read_at IS NOT NULL' } as const;

/**
 * The caller's alerts newest first, whatever delivered_at says: the history reads and never
 * claims, so an agent's once-only delivery and this page do not take from each other.
 */
@Injectable()
export class ListMyNotificationsHandler implements OperationHandler<typeof listMyNotifications> {
  readonly operation = listMyNotifications;

  constructor(private readonly ds: DataSource) {}

  async handle(input: InputOf<typeof listMyNotifications>, ctx: HandlerContext): Promise<OutputOf<typeof listMyNotifications>> {
    const memberId = callerOf(ctx).memberId;
    const filter = input.unread === undefined ? '' : unreadOnly[`${input.unread}`];
    // Unread only (the header's question) counts through the partial index alerts_unread alone.
    const [counts] = (await this.ds.query(
      input.unread === true
        ? 'SELECT count(*)::int AS total, count(*)::int AS unread FROM alerts WHERE member_id = $1 AND read_at IS NULL'
        : `SELECT count(*) FILTER (WHERE true ${filter})::int AS total, count(*) FILTER (WHERE read_at IS NULL)::int AS unread
           FROM alerts WHERE member_id = $1`,
      [memberId],
    )) as { total: number; unread: number }[];
    const total = counts?.total ?? 0;
    const offset = input.offset ?? 0;
    // Past the last row there is nothing to read: no second query.
    const rows = offset < total
      ? (await this.ds.query(
        `SELECT ${COLUMNS} FROM alerts WHERE member_id = $1 ${filter}
         ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
        [memberId, offset, input.limit ?? 20],
      )) as NotificationRow[]
      : [];
    return { notifications: rows.map(notificationOf), total, unreadCount: counts?.unread ?? 0 };
  }
}

/** One of the caller's notifications marked read; someone else's answers 404, as one that does not exist. */
@Injectable()
export class MarkNotificationReadHandler implements OperationHandler<typeof markNotificationRead> {
  readonly operation = markNotificationRead;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof markNotificationRead>, ctx: HandlerContext): Promise<OutputOf<typeof markNotificationRead>> {
    const notFound = AppError.notFound('No such notification.');
    if (!isUuid(id)) throw notFound;
    // coalesce keeps the first time it was read, so a repeat (a double click, a retry) changes nothing.
    const [rows] = (await this.ds.query(
      `UPDATE alerts SET read_at = coalesce(read_at, now()) WHERE id = $1 AND member_id = $2 RETURNING ${COLUMNS}`,
      [id, callerOf(ctx).memberId],
    )) as [NotificationRow[], number];
    if (!rows[0]) throw notFound;
    return notificationOf(rows[0]);
  }
}

/**
 * Every unread notification of the caller up to a time marked read in one statement; one that
 * came after (after the page the person looked at was made) stays unread.
 */
@Injectable()
export class MarkAllNotificationsReadHandler implements OperationHandler<typeof markAllNotificationsRead> {
  readonly operation = markAllNotificationsRead;

  constructor(private readonly ds: DataSource) {}

  async handle({ upTo }: InputOf<typeof markAllNotificationsRead>, ctx: HandlerContext): Promise<OutputOf<typeof markAllNotificationsRead>> {
    // Read as an instant here: PostgreSQL refuses zone offsets beyond 15:59 that ISO 8601 allows, and
    // the year 0000; no notification is older than 1970, so an earlier time marks none all the same.
    const parsed = upTo === undefined ? null : Date.parse(upTo);
    if (parsed !== null && Number.isNaN(parsed)) throw AppError.badRequest('Invalid field: upTo.', { upTo: 'Must be an ISO 8601 date-time.' });
    const until = parsed === null ? null : new Date(Math.max(parsed, 0));
    // The outer SELECT sees the rows as they were before the UPDATE, so the marked ones are subtracted.
    const [row] = (await this.ds.query(
      `WITH marked AS (
         UPDATE alerts SET read_at = now()
         WHERE member_id = $1 AND read_at IS NULL AND created_at <= coalesce($2::timestamptz, now())
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM marked)::int AS marked,
              ((SELECT count(*) FROM alerts WHERE member_id = $1 AND read_at IS NULL) - (SELECT count(*) FROM marked))::int AS unread`,
      [callerOf(ctx).memberId, until?.toISOString() ?? null],
    )) as { marked: number; unread: number }[];
    return { marked: row?.marked ?? 0, unreadCount: row?.unread ?? 0 };
  }
}

export const notificationHistoryHandlers = [ListMyNotificationsHandler, MarkNotificationReadHandler, MarkAllNotificationsReadHandler];
