import { webhookDeliveryQueue } from '@marketplace/contracts';
import { defineSettings, mailSettings, notificationsLimits, setting } from '@marketplace/service-kit';

/**
 * The webhook deadline stays under the queue's job timeout, with room to sign and record: past it
 * the runner frees the slot while the request would still be open.
 */
export const LONGEST_WEBHOOK_DEADLINE_MS = webhookDeliveryQueue.timeoutSeconds * 1000 - 5_000;

/** What notifications alone reads; its limits are notificationsLimits, mail the kit's shared group. */
export const notificationsSettings = defineSettings('notifications', 'notifications', {
  emailAlertWindowMs: setting.duration('EMAIL_ALERT_WINDOW_SECONDS', {
    default: 300_000,
    unit: 's',
    min: 0,
    max: 86_400_000,
    description: 'at most one alert email per member per window',
  }),
  webPushSubject: setting.string('WEB_PUSH_SUBJECT', { description: 'a mailto: or https: contact for the push services; set: browser push is on' }),
  vapidPublicKey: setting.string('VAPID_PUBLIC_KEY', {
    description: 'the push key pair (with VAPID_PRIVATE_KEY); unset: one made once and kept in the database',
  }),
  vapidPrivateKey: setting.string('VAPID_PRIVATE_KEY', { secret: true, description: 'the private half of the push key pair' }),
  browserPushTestOrigin: setting.url('BROWSER_PUSH_TEST_ORIGIN', {
    description: 'tests only (ignored in production): an https origin taken as a push service on loopback',
  }),
  browserPushTestAddress: setting.string('BROWSER_PUSH_TEST_ADDRESS', {
    description: "tests only (ignored in production): the address every push service's host resolves to",
  }),
  webhookSecretKey: setting.string('WEBHOOK_SECRET_KEY', {
    secret: true,
    description: 'AES-256-GCM key (32 bytes, base64) sealing webhook signing secrets; unset: one kept in the notifications schema',
  }),
  webhookRetryBaseMs: setting.duration('WEBHOOK_RETRY_BASE_MS', {
    default: 30_000,
    min: 1,
    description: 'first retry delay of a failed delivery, doubled per attempt',
  }),
  webhookRetryMaxMs: setting.duration('WEBHOOK_RETRY_MAX_MS', { default: 4 * 3_600_000, min: 1, description: 'longest delay between attempts' }),
  webhookGiveUpHours: setting.number('WEBHOOK_GIVE_UP_HOURS', {
    default: 72,
    min: 0.001,
    description: 'a delivery still failing this long after it was made is failed and its endpoint disabled',
  }),
  webhookDeadlineMs: setting.duration('WEBHOOK_DEADLINE_MS', {
    default: 10_000,
    min: 100,
    max: LONGEST_WEBHOOK_DEADLINE_MS,
    description: 'the whole of one attempt, lookup to status line',
  }),
  webhookInFlightPerEndpoint: setting.int('WEBHOOK_IN_FLIGHT_PER_ENDPOINT', { default: 2, min: 1, description: 'attempts in flight at once to one endpoint' }),
  webhookInFlightPerMember: setting.int('WEBHOOK_IN_FLIGHT_PER_MEMBER', {
    default: 4,
    min: 1,
    description: "attempts in flight at once to all of one member's endpoints",
  }),
});

/**
 * Every group of settings notifications reads (its limits among them): read at its start, and
 * rendered into the operators' table (npm run docs:settings).
 */
export const SETTINGS = [notificationsSettings, notificationsLimits, mailSettings];
