import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { dateTimeSchema, idSchema, intIn } from '../schemas/common.schema.js';
import { alertPlaceFields } from './notifications.operations.js';

/** How long a member's notification history keeps an alert (days); documented in docs/members-and-agents.md. */
export const NOTIFICATIONS_KEPT_DAYS = 90;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string().describe('Event kind, e.g. application.submitted, message.sent'),
  ...alertPlaceFields,
  title: z.string().nullable().describe("The job's title when the alert named it"),
  createdAt: dateTimeSchema,
  readAt: dateTimeSchema.nullable().describe('When you marked it read; null while unread. Delivery to an agent does not mark it read'),
});

/**
 * The person's notification history: every alert of the last NOTIFICATIONS_KEPT_DAYS days, with a
 * read state of its own. Reading it delivers nothing, so agents still get each alert once.
 * REST only: the MCP tool list is at its size budget, and agents have get_notifications.
 */
export const listMyNotifications = defineOperation({
  name: 'listMyNotifications',
  service: 'notifications',
  summary: `Your notifications of the last ${NOTIFICATIONS_KEPT_DAYS} days, newest first, read and unread (whether or not an agent took them)`,
  access: 'member',
  scope: 'agent:read',
  input: z.object({
    limit: intIn(1, 100, 20).describe('Rows per page, 1-100 (default 20)'),
    offset: intIn(0, 1_000_000, 0).describe('Rows to skip (default 0)'),
    unread: z.boolean({ error: 'Must be true or false.' }).optional().describe('true: only unread; false: only read'),
  }),
  output: z.object({
    notifications: z.array(notificationSchema).describe('Newest first'),
    total: z.number().int().min(0).describe('All matches; the next page starts at offset + limit while below total'),
    unreadCount: z.number().int().min(0).describe('All your unread notifications, whatever the filter'),
  }),
  rest: { method: 'GET', path: '/api/me/notifications', status: 200 },
});

export const markNotificationRead = defineOperation({
  name: 'markNotificationRead',
  service: 'notifications',
  summary: 'Mark one of your notifications read (404 when it is not yours); marking it again keeps the first time',
  access: 'member',
  scope: 'agent:write',
  input: z.object({ id: idSchema.describe('Notification id') }),
  output: notificationSchema,
  rest: { method: 'POST', path: '/api/me/notifications/{id}/read', status: 200 },
});

export const markAllNotificationsRead = defineOperation({
  name: 'markAllNotificationsRead',
  service: 'notifications',
  summary: 'Mark read every unread notification you had up to a time (default now); later ones stay unread',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    upTo: z.iso
      .datetime({ offset: true, error: 'Must be an ISO 8601 date-time.' })
      .optional()
      .describe('Only notifications created at or before this time (default: now), e.g. when you last looked'),
  }),
  output: z.object({
    marked: z.number().int().min(0).describe('How many were unread and are now read'),
    unreadCount: z.number().int().min(0),
  }),
  rest: { method: 'POST', path: '/api/me/notifications/read', status: 200 },
});

export const notificationHistoryOperations = [listMyNotifications, markNotificationRead, markAllNotificationsRead] as const;
