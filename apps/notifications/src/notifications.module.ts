import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeliverNotificationsHandler } from './alerts/deliver-notifications.handler.js';
import { JobPostedAlertConsumer } from './alerts/job-posted-alert.consumer.js';
import { PreferredWorkerAlertConsumer } from './alerts/preferred-worker-alert.consumer.js';

@Module({
  providers: [
    DeliverNotificationsHandler, JobPostedAlertConsumer, PreferredWorkerAlertConsumer,
    handlersProvider(DeliverNotificationsHandler),
    consumersProvider(JobPostedAlertConsumer, PreferredWorkerAlertConsumer),
  ],
})
export class NotificationsModule {}
