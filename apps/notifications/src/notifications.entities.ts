import { AlertEntity } from './alerts/alert.entity.js';
import { NotificationPreferencesEntity } from './alerts/notification-preferences.entity.js';
import { NotificationKeyEntity } from './channels/notification-key.entity.js';
import { EmailAlertEntity, EmailDigestEntity, EmailMemberEntity } from './email/email-digest.entities.js';
import { Initial1795312905456 } from './migrations/1795312905456-initial.js';
import { AlertsPerMember1795319499222 } from './migrations/1795319499222-alerts-per-member.js';
import { ConversationsAndPreferences1795422352907 } from './migrations/1795422352907-conversations-and-preferences.js';
import { EmailAndPush1795430000000 } from './migrations/1795430000000-email-and-push.js';
import { MemberEvents1795440000000 } from './migrations/1795440000000-member-events.js';
import { Webhooks1795450000000 } from './migrations/1795450000000-webhooks.js';
import { SealNotificationKeys1795800000000 } from './migrations/1795800000000-seal-notification-keys.js';
import { WebhookAttemptsInFlight1796900000000 } from './migrations/1796900000000-webhook-attempts-in-flight.js';
import { NotificationHistory1797000000000 } from './migrations/1797000000000-notification-history.js';
import { ClaimWebhookDelivery1797100000000 } from './migrations/1797100000000-claim-webhook-delivery.js';
import { PushDeliveryEntity, PushSubscriptionEntity } from './push/push-subscription.entities.js';

export const notificationsEntities = [
  AlertEntity,
  NotificationPreferencesEntity,
  EmailAlertEntity,
  EmailMemberEntity,
  EmailDigestEntity,
  NotificationKeyEntity,
  PushSubscriptionEntity,
  PushDeliveryEntity,
];
export const notificationsMigrations = [
  Initial1795312905456,
  AlertsPerMember1795319499222,
  ConversationsAndPreferences1795422352907,
  EmailAndPush1795430000000,
  MemberEvents1795440000000,
  Webhooks1795450000000,
  SealNotificationKeys1795800000000,
  WebhookAttemptsInFlight1796900000000,
  NotificationHistory1797000000000,
  ClaimWebhookDelivery1797100000000,
];
