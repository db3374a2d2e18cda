import { serviceEntry } from '@marketplace/service-kit';
import { notificationsEntities, notificationsMigrations } from './notifications.entities.js';
import { NotificationsModule } from './notifications.module.js';
import { channelsConfig } from './channels/channels.config.js';
import { webhookSettings } from './webhooks/webhook-settings.js';

/** What the notifications process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'notifications',
  module: NotificationsModule,
  database: { entities: notificationsEntities, migrations: notificationsMigrations },
  settings: [channelsConfig, () => webhookSettings()],
  sealsSecrets: true,
});
