import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeliverNotificationsHandler } from './alerts/deliver-notifications.handler.js';
import { JobPostedAlertConsumer } from './alerts/job-posted-alert.consumer.js';
import { PreferredWorkerAlertConsumer } from './alerts/preferred-worker-alert.consumer.js';
import { CommentAlertConsumer } from './alerts/comment-alert.consumer.js';

@Module({
  providers: [
    DeliverNotificationsHandler, JobPostedAlertConsumer, PreferredWorkerAlertConsumer, CommentAlertConsumer,
    handlersProvider(DeliverNotificationsHandler),
    consumersProvider(JobPostedAlertConsumer, PreferredWorkerAlertConsumer, CommentAlertConsumer),
  ],
})
export class NotificationsModule {}
