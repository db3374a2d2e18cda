import { runService } from '@marketplace/service-kit';
import { notificationsEntities, notificationsMigrations } from './notifications.entities.js';
import { NotificationsModule } from './notifications.module.js';

await runService({
  name: 'notifications',
  module: NotificationsModule,
  database: { entities: notificationsEntities, migrations: notificationsMigrations },
});
