import { consumersProvider, handlersProvider, periodicTasksProvider, workersProvider } from '@marketplace/service-kit';
import { Module } from '@nestjs/common';

import { alertConsumers } from './alerts/alert-consumers.js';
import { DeliverNotificationsHandler } from './alerts/deliver-notifications.handler.js';
import { notificationHistoryHandlers } from './alerts/notification-history.handlers.js';
import { NotificationHistoryPruner } from './alerts/notification-history.pruner.js';
import { GetNotificationPreferencesHandler, SetNotificationPreferencesHandler } from './alerts/notification-preferences.handlers.js';
import { TakePendingAlertsHandler } from './alerts/take-pending-alerts.handler.js';
import { AlertEmailWorker } from './email/alert-email.worker.js';
import { AlertMailer } from './email/alert-mailer.js';
import {
  GetContactNotificationsHandler,
  SetContactNotificationsHandler,
  UnsubscribeContactNotificationHandler,
} from './email/contact-notifications.handlers.js';
import { ListMyEventsHandler } from './events/list-my-events.handler.js';
import { MemberEventsPruner } from './events/member-events.pruner.js';
import { NotificationsMemberDeletedConsumer } from './members/member-deleted.consumer.js';
import { AlertPushWorker } from './push/alert-push.worker.js';
import { DeleteBrowserPushHandler, GetBrowserPushHandler, PutBrowserPushHandler } from './push/browser-push.handlers.js';
import { webhookHandlers } from './webhooks/webhook.handlers.js';
import { WebhookDeliveryWorker } from './webhooks/webhook-delivery.worker.js';

const consumers = [NotificationsMemberDeletedConsumer, ...alertConsumers];

const handlers = [
  DeliverNotificationsHandler,
  TakePendingAlertsHandler,
  GetNotificationPreferencesHandler,
  SetNotificationPreferencesHandler,
  GetContactNotificationsHandler,
  SetContactNotificationsHandler,
  UnsubscribeContactNotificationHandler,
  GetBrowserPushHandler,
  PutBrowserPushHandler,
  DeleteBrowserPushHandler,
  ListMyEventsHandler,
  ...webhookHandlers,
  ...notificationHistoryHandlers,
];

// Email digests, browser pushes and webhook deliveries run in the worker role (ROLE=worker), off the request path.
const workers = [AlertEmailWorker, AlertPushWorker, WebhookDeliveryWorker];

@Module({
  providers: [
    ...handlers,
    ...consumers,
    ...workers,
    AlertMailer,
    MemberEventsPruner,
    NotificationHistoryPruner,
    handlersProvider(...handlers),
    consumersProvider(...consumers),
    workersProvider(...workers),
    periodicTasksProvider(MemberEventsPruner, NotificationHistoryPruner),
  ],
})
export class NotificationsModule {}
