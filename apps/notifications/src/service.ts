import { serviceEntry } from '@marketplace/service-kit';

import { notificationsEntities, notificationsMigrations } from './notifications.entities.js';
import { NotificationsModule } from './notifications.module.js';
import { SETTINGS } from './notifications.settings.js';

/** What the notifications process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'notifications',
  module: NotificationsModule,
  database: { entities: notificationsEntities, migrations: notificationsMigrations },
  settings: SETTINGS,
  sealsSecrets: true,
});
