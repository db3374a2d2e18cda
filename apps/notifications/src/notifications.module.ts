import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeliverNotificationsHandler } from './alerts/deliver-notifications.handler.js';
import { JobPostedAlertConsumer } from './alerts/job-posted-alert.consumer.js';
import { workAlertConsumers } from './alerts/work-alert.consumers.js';

@Module({
  providers: [
    DeliverNotificationsHandler, JobPostedAlertConsumer,
    handlersProvider(DeliverNotificationsHandler),
    consumersProvider(JobPostedAlertConsumer, ...workAlertConsumers),
    ...workAlertConsumers,
  ],
})
export class NotificationsModule {}
