import { Module } from '@nestjs/common';
import { consumersProvider, handlersProvider } from '@marketplace/service-kit';
import { DeliverNotificationsHandler } from './alerts/deliver-notifications.handler.js';
import { JobPostedAlertConsumer } from './alerts/job-posted-alert.consumer.js';
import { workAlertConsumers } from './alerts/work-alert.consumers.js';
import { NotificationsMemberDeletedConsumer } from './members/member-deleted.consumer.js';

@Module({
  providers: [
    DeliverNotificationsHandler, JobPostedAlertConsumer, NotificationsMemberDeletedConsumer,
    handlersProvider(DeliverNotificationsHandler),
    consumersProvider(JobPostedAlertConsumer, NotificationsMemberDeletedConsumer, ...workAlertConsumers),
    ...workAlertConsumers,
  ],
})
export class NotificationsModule {}
