import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeliverNotificationsHandler } from './alerts/deliver-notifications.handler.js';
import { GetNotificationPreferencesHandler, SetNotificationPreferencesHandler } from './alerts/notification-preferences.handlers.js';
import { TakePendingAlertsHandler } from './alerts/take-pending-alerts.handler.js';
import { JobPostedAlertConsumer } from './alerts/job-posted-alert.consumer.js';
import { workAlertConsumers } from './alerts/work-alert.consumers.js';
import { NotificationsMemberDeletedConsumer } from './members/member-deleted.consumer.js';
import { PreferredWorkerAlertConsumer } from './alerts/preferred-worker-alert.consumer.js';
import { CommentAlertConsumer } from './alerts/comment-alert.consumer.js';
import { VisibilityChangedAlertConsumer } from './alerts/visibility-changed-alert.consumer.js';

const consumers = [
  JobPostedAlertConsumer, NotificationsMemberDeletedConsumer, PreferredWorkerAlertConsumer, CommentAlertConsumer,
  VisibilityChangedAlertConsumer, ...workAlertConsumers,
];

const handlers = [
  DeliverNotificationsHandler, TakePendingAlertsHandler, GetNotificationPreferencesHandler, SetNotificationPreferencesHandler,
];

@Module({
  providers: [
    ...handlers, ...consumers,
    handlersProvider(...handlers),
    consumersProvider(...consumers),
  ],
})
export class NotificationsModule {}
