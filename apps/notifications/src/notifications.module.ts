import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeliverNotificationsHandler } from './alerts/deliver-notifications.handler.js';
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

@Module({
  providers: [
    DeliverNotificationsHandler, ...consumers,
    handlersProvider(DeliverNotificationsHandler),
    consumersProvider(...consumers),
  ],
})
export class NotificationsModule {}
