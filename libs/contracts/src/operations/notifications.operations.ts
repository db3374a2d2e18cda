import { z } from 'zod';
import { defineOperation } from '../operation.js';
import { idSchema } from '../schemas/common.schema.js';

/** At most this many conversations come back from one delivery (the contract's "up to ten"). */
export const DELIVER_CONVERSATIONS = 10;

export const alertSchema = z.object({
  id: z.string(),
  kind: z.string().describe('Event kind, e.g. job.posted, application.submitted, message.sent, job.commented'),
  message: z.string(),
  jobId: z.string().nullable(),
  applicationId: z.string().nullable().describe('The application (or hire) the alert is about, when it is about one'),
  createdAt: z.string(),
});

export const conversationKindSchema = z.enum(['application', 'job', 'comment_thread'])
  .describe('application: one application, its hiring, work and messages; job: a job as a whole (posted, '
    + 'visibility, preferred workers); comment_thread: one top-level comment on a job and its replies');

export const alertConversationSchema = z.object({
  conversationKey: z.string()
    .describe('Stable key of the conversation, e.g. application:<id>, job:<id>, comments:<rootCommentId>. '
      + 'Not the MCP conversation_id.'),
  kind: conversationKindSchema,
  subject: z.object({
    jobId: z.string().nullable(),
    applicationId: z.string().nullable(),
    commentId: z.string().nullable().describe('Top-level comment of the thread (comment_thread only)'),
    title: z.string().nullable().describe("The job's title when an alert named it"),
  }),
  alerts: z.array(alertSchema).describe('Oldest first'),
});

export const deliveredAlertsSchema = z.object({
  conversations: z.array(alertConversationSchema)
    .describe(`Up to ${DELIVER_CONVERSATIONS} conversations, the one with the oldest new alert first; each alert is returned once across sessions`),
  more: z.boolean().describe('true when further new alerts may be waiting: call again'),
});

export const deliverNotifications = defineOperation({
  name: 'deliverNotifications',
  service: 'notifications',
  summary: "Return and mark delivered the caller's new alerts, grouped by conversation (up to ten)",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: deliveredAlertsSchema,
  rest: { method: 'POST', path: '/api/me/notifications/deliver', status: 200 },
  mcp: {
    tool: 'get_notifications',
    description: `Return your new alerts grouped by conversation (an application, a job, a comment thread; up to ${DELIVER_CONVERSATIONS} conversations per call) and mark them delivered; each alert is returned once across sessions. When more is true, call again for the rest.`,
  },
});

export const notificationPreferencesSchema = z.object({
  agentNotifications: z.boolean()
    .describe('When true (the default), every MCP tool result carries your pending alerts (structuredContent.notifications)'),
});

export const getNotificationPreferences = defineOperation({
  name: 'getNotificationPreferences',
  service: 'notifications',
  summary: 'Whether agent notifications are on (on by default)',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: notificationPreferencesSchema,
  rest: { method: 'GET', path: '/api/me/notification-preferences', status: 200 },
  mcp: {
    tool: 'get_notification_preferences',
    description: 'Whether agent notifications are on: while they are, every tool result carries your pending alerts. Change with set_notification_preferences.',
  },
});

export const setNotificationPreferences = defineOperation({
  name: 'setNotificationPreferences',
  service: 'notifications',
  summary: 'Turn agent notifications on or off',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    agentNotifications: z.boolean({ error: 'Must be true or false.' })
      .describe('false stops alerts riding along on tool results; get_notifications still returns them'),
  }),
  output: notificationPreferencesSchema,
  rest: { method: 'PUT', path: '/api/me/notification-preferences', status: 200 },
  mcp: {
    tool: 'set_notification_preferences',
    description: 'Turn agent notifications on (true) or off (false). While on, every tool result carries your pending alerts; get_notifications works either way.',
  },
});

/**
 * The gateway, after every successful MCP tool call: the caller's pending alerts, claimed and
 * marked delivered, when their agent notifications are on. One indexed read when nothing waits.
 */
export const takePendingAlerts = defineOperation({
  name: 'takePendingAlerts',
  service: 'notifications',
  summary: "Claim a member's pending alerts for an MCP tool result (empty when agent notifications are off)",
  access: 'internal',
  callers: ['gateway'],
  input: z.object({ memberId: idSchema }),
  output: deliveredAlertsSchema,
});

export const notificationsOperations = [
  deliverNotifications, getNotificationPreferences, setNotificationPreferences, takePendingAlerts,
] as const;
