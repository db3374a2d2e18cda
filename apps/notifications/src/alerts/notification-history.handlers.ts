import { AppError, type InputOf, listMyNotifications, markAllNotificationsRead, markNotificationRead, type OutputOf } from '@marketplace/contracts';
import { callerOf, type HandlerContext, type OperationHandler } from '@marketplace/service-kit';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

import { countNotifications, markAllRead, markRead, notificationPage, type NotificationRow } from './notification-history.queries.js';

type Notification = OutputOf<typeof markNotificationRead>;

function notificationOf(r: NotificationRow): Notification {
  return {
    id: r.id,
    kind: r.kind,
    message: r.message,
    conversationKey: r.conversation_key,
    conversationKind: r.conversation_kind as Notification['conversationKind'],
    jobId: r.job_id,
    applicationId: r.application_id,
    commentId: r.comment_id,
    title: r.title,
    createdAt: new Date(r.created_at).toISOString(),
    readAt: r.read_at ? new Date(r.read_at).toISOString() : null,
  };
}

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
    // `unread: true` asks for the alerts not read yet.
    const read = input.unread === undefined ? undefined : !input.unread;
    const { total, unread } = await countNotifications(this.ds, memberId, read);
    const offset = input.offset ?? 0;
    // Past the last row there is nothing to read: no second query.
    const page = offset < total ? await notificationPage(this.ds, memberId, read, offset, input.limit ?? 20) : [];
    return { notifications: page.map(notificationOf), total, unreadCount: unread };
  }
}

/** One of the caller's notifications marked read; someone else's answers 404, as one that does not exist. */
@Injectable()
export class MarkNotificationReadHandler implements OperationHandler<typeof markNotificationRead> {
  readonly operation = markNotificationRead;

  constructor(private readonly ds: DataSource) {}

  async handle({ id }: InputOf<typeof markNotificationRead>, ctx: HandlerContext): Promise<OutputOf<typeof markNotificationRead>> {
    const notFound = AppError.notFound('No such notification.');
    // coalesce keeps the first time it was read, so a repeat (a double click, a retry) changes nothing.
    const row = await markRead(this.ds, id, callerOf(ctx).memberId);
    if (!row) throw notFound;
    return notificationOf(row);
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
    const { marked, unread } = await markAllRead(this.ds, callerOf(ctx).memberId, until);
    return { marked, unreadCount: unread };
  }
}

export const notificationHistoryHandlers = [ListMyNotificationsHandler, MarkNotificationReadHandler, MarkAllNotificationsReadHandler];
