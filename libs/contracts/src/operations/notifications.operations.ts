import { z } from 'zod';

import { defineOperation } from '../operation.js';
import { atLeastOneOf, idSchema, memberText, SOME_TEXT_PATTERN } from '../schemas/common.schema.js';

/** At most this many conversations come back from one delivery (the contract's "up to ten"). */
export const DELIVER_CONVERSATIONS = 10;

export const alertSchema = z.object({
  id: z.string(),
  kind: z.string().describe('Event kind, e.g. job.posted, application.submitted, message.sent, job.commented'),
  message: memberText,
  jobId: z.string().nullable(),
  applicationId: z.string().nullable().describe('The application (or hire) the alert is about, when it is about one'),
  createdAt: z.string(),
});

export const conversationKindSchema = z
  .enum(['application', 'job', 'comment_thread', 'account'])
  .describe(
    'application: one application, its hiring, work, files and messages; job: a job as a whole (posted, ' +
      'edited, closed, visibility, preferred workers); comment_thread: one top-level comment on a job and its replies; ' +
      'account: your account as a whole (people who joined with your invitation)',
  );

export const alertConversationSchema = z.object({
  conversationKey: z
    .string()
    .describe(
      'Stable key of the conversation, e.g. application:<id>, job:<id>, comments:<rootCommentId>, account:invitations. ' + 'Not the MCP conversation_id.',
    ),
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
  conversations: z
    .array(alertConversationSchema)
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
    description: `Your new alerts by conversation, up to ${DELIVER_CONVERSATIONS} per call, marked delivered (each comes once across sessions). When more is true, call again.`,
  },
});

export const notificationPreferencesSchema = z.object({
  agentNotifications: z.boolean().describe('When true (the default), every MCP tool result carries your pending alerts (structuredContent.notifications)'),
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
    agentNotifications: z.boolean({ error: 'Must be true or false.' }).describe('false stops alerts riding on tool results; get_notifications still works'),
  }),
  output: notificationPreferencesSchema,
  rest: { method: 'PUT', path: '/api/me/notification-preferences', status: 200 },
  mcp: {
    tool: 'set_notification_preferences',
    description: 'Turn agent notifications on or off: while on, every tool result carries your pending alerts; get_notifications works either way.',
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

// ---------------------------------------------------------------- email alerts

/**
 * The five private email switches, all on by default. Each names a family of alerts; the
 * registration welcome and sign-in emails are independent of them.
 */
export const CONTACT_SWITCHES = ['comments', 'preferredWorker', 'applications', 'hiringAndWork', 'messages'] as const;
export type ContactSwitch = (typeof CONTACT_SWITCHES)[number];

/** What each switch governs, in the words the tools, the OpenAPI document and the settings page use. */
export const CONTACT_SWITCH_DESCRIPTIONS: Readonly<Record<ContactSwitch, string>> = {
  comments: 'Comments on your jobs and replies to your comments',
  preferredWorker: 'A poster named you as a preferred worker for a job',
  applications: 'Applications to your jobs and what becomes of yours; your jobs expired, or closed, removed or restored by staff',
  hiringAndWork: 'Hires, job files shared, turned-in work, changes, approval, completion, cancellation, reminders',
  messages: 'Messages about an application or a hire; invitations: to a team, or yours accepted',
};

export const contactNotificationsSchema = z.object({
  ...(Object.fromEntries(CONTACT_SWITCHES.map((s) => [s, z.boolean().describe(`${CONTACT_SWITCH_DESCRIPTIONS[s]} (on by default)`)])) as Record<
    ContactSwitch,
    z.ZodBoolean
  >),
  emailDelivery: z
    .enum(['available', 'not_configured', 'no_address'])
    .describe(
      'available: alerts are emailed while their switch is on; not_configured: this service sends no email; no_address: your account has no email address to send to',
    ),
});

export const getContactNotifications = defineOperation({
  name: 'getContactNotifications',
  service: 'notifications',
  summary: 'Your five private email alert switches and whether email can be delivered',
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: contactNotificationsSchema,
  rest: { method: 'GET', path: '/api/me/contact-notifications', status: 200 },
  mcp: {
    tool: 'get_contact_notifications',
    description: "Your human's email alert switches (all on by default) and whether email can be delivered; at most one email every few minutes.",
  },
});

export const setContactNotifications = defineOperation({
  name: 'setContactNotifications',
  service: 'notifications',
  summary: 'Turn email alert switches on or off; switches left out keep their value',
  access: 'member',
  scope: 'agent:write',
  input: atLeastOneOf(
    z.object(
      Object.fromEntries(
        CONTACT_SWITCHES.map((s) => [s, z.boolean({ error: 'Must be true or false.' }).optional().describe(CONTACT_SWITCH_DESCRIPTIONS[s])]),
      ) as Record<ContactSwitch, z.ZodOptional<z.ZodBoolean>>,
    ),
    CONTACT_SWITCHES,
    'Name at least one switch to change.',
  ),
  output: contactNotificationsSchema,
  rest: { method: 'PATCH', path: '/api/me/contact-notifications', status: 200 },
  mcp: {
    tool: 'set_contact_notifications',
    description: `Turn your human's email alert switches on (true) or off (false); switches left out keep their value. Returns every switch.`,
  },
});

/**
 * The link at the foot of every alert email turns one switch off without signing in: the token
 * is signed by the notifications service and names the member and the switch.
 */
export const unsubscribeContactNotification = defineOperation({
  name: 'unsubscribeContactNotification',
  service: 'notifications',
  summary: 'Turn one email alert switch off with the signed token from an alert email (no sign-in)',
  access: 'public',
  input: z.object({
    token: z
      .string({ error: 'Required.' })
      .trim()
      .min(1, 'Required.')
      .max(300, 'At most 300 characters.')
      .regex(SOME_TEXT_PATTERN, 'Required.')
      .describe('The token from the unsubscribe link of an alert email'),
  }),
  output: z.object({
    switch: z.enum(CONTACT_SWITCHES).describe('The switch that is now off'),
    description: z.string(),
  }),
  rest: { method: 'POST', path: '/api/contact-notifications/unsubscribe', status: 200 },
});

// ---------------------------------------------------------------- browser push

/** The contract's limit on a push endpoint's length. */
export const PUSH_ENDPOINT_MAX = 2048;

const pushEndpointSchema = z
  .url({ protocol: /^https$/, error: 'Must be an https URL.' })
  .max(PUSH_ENDPOINT_MAX, `At most ${PUSH_ENDPOINT_MAX} characters.`)
  .describe('The push service endpoint from PushSubscription.endpoint (https)');

export const getBrowserPush = defineOperation({
  name: 'getBrowserPush',
  service: 'notifications',
  summary: "The VAPID public key to subscribe with (null when browser push is not configured), and the caller's subscriptions",
  access: 'member',
  scope: 'agent:read',
  input: z.object({}),
  output: z.object({
    publicKey: z.string().nullable().describe('applicationServerKey for PushManager.subscribe (base64url); null when push is off'),
    subscriptions: z.array(z.object({ endpoint: z.string(), createdAt: z.string() })),
  }),
  rest: { method: 'GET', path: '/api/me/browser-push', status: 200 },
});

export const putBrowserPush = defineOperation({
  name: 'putBrowserPush',
  service: 'notifications',
  summary: 'Register this browser for push alerts (409 when the endpoint belongs to another member, 503 when push is off)',
  access: 'member',
  scope: 'agent:write',
  input: z.object({
    endpoint: pushEndpointSchema.describe(
      'The push service endpoint from PushSubscription.endpoint. Only the browser push ' +
        'services are taken: fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com and hosts under ' +
        'notify.windows.com, on port 443, when their addresses are public (never private, loopback, link-local, unique-local or ' +
        'CGNAT); anything else is 400. A member keeps at most five browsers: a sixth replaces the oldest. A push gives up on a ' +
        'push service after five seconds without an answer.',
    ),
    keys: z
      .object(
        {
          p256dh: z.string({ error: 'Required.' }).min(1, 'Required.').max(200, 'At most 200 characters.'),
          auth: z.string({ error: 'Required.' }).min(1, 'Required.').max(100, 'At most 100 characters.'),
        },
        { error: 'Required: the subscription keys p256dh and auth.' },
      )
      .describe('PushSubscription keys (base64url)'),
  }),
  output: z.object({ endpoint: z.string(), createdAt: z.string() }),
  rest: { method: 'PUT', path: '/api/me/browser-push', status: 200 },
});

export const deleteBrowserPush = defineOperation({
  name: 'deleteBrowserPush',
  service: 'notifications',
  summary: "Stop push alerts to one of the caller's browsers",
  access: 'member',
  scope: 'agent:write',
  input: z.object({ endpoint: pushEndpointSchema }),
  output: z.object({ removed: z.boolean().describe('false when the endpoint was not registered to you') }),
  rest: { method: 'DELETE', path: '/api/me/browser-push', status: 200, fields: { endpoint: { in: 'body' } } },
});

/** How long the member event log keeps an event (days); documented in docs/members-and-agents.md. */
export const MEMBER_EVENTS_KEPT_DAYS = 30;
/** At most this many events come back from one read of the event log. */
export const MEMBER_EVENTS_PAGE = 100;

/** Where an alert or event belongs and what it says: the fields the event log and the notification history share. */
export const alertPlaceFields = {
  message: memberText,
  conversationKey: z.string(),
  conversationKind: conversationKindSchema,
  jobId: z.string().nullable(),
  applicationId: z.string().nullable(),
  commentId: z.string().nullable(),
};

export const memberEventSchema = z.object({
  cursor: z.string().describe('Opaque position of this event in your log: pass it as after to read what follows'),
  id: z.string().describe('The event id; the same event never appears twice'),
  type: z.string().describe('Event kind, the same as the alert kind, e.g. application.hired, message.sent, work.submitted'),
  occurredAt: z.string(),
  ...alertPlaceFields,
  title: z.string().nullable().describe("The job's title when the event named it"),
});

export const listMyEvents = defineOperation({
  name: 'listMyEvents',
  service: 'notifications',
  summary: `Your events in order after a cursor (the events that make your alerts, with the same payloads and privacy; kept ${MEMBER_EVENTS_KEPT_DAYS} days)`,
  access: 'member',
  scope: 'agent:read',
  input: z.object({
    after: z
      .string()
      .regex(/^[0-9]{1,18}$/, 'A cursor from an earlier read.')
      .optional()
      .describe('The cursor of the last event you read; omitted starts at the oldest event kept'),
  }),
  output: z.object({
    events: z.array(memberEventSchema).describe(`Oldest first, at most ${MEMBER_EVENTS_PAGE}`),
    cursor: z.string().nullable().describe('The cursor to pass as after next time (the last event returned, or your after when none came)'),
    more: z.boolean().describe('true when further events may follow: call again with cursor'),
  }),
  rest: { method: 'GET', path: '/api/me/events', status: 200 },
  mcp: {
    tool: 'list_my_events',
    description: `Your event log (what is behind your alerts), up to ${MEMBER_EVENTS_PAGE} at a time, kept ${MEMBER_EVENTS_KEPT_DAYS} days; marks nothing delivered. Go on with the cursor as after.`,
  },
});

export const notificationsOperations = [
  deliverNotifications,
  getNotificationPreferences,
  setNotificationPreferences,
  takePendingAlerts,
  getContactNotifications,
  setContactNotifications,
  unsubscribeContactNotification,
  getBrowserPush,
  putBrowserPush,
  deleteBrowserPush,
  listMyEvents,
] as const;
