import { serviceEntry } from '@marketplace/service-kit';

import { adminEntities, adminMigrations } from './admin.entities.js';
import { AdminModule } from './admin.module.js';
import { SETTINGS } from './admin.settings.js';

/** What the admin process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'admin',
  settings: SETTINGS,
  module: AdminModule,
  database: { entities: adminEntities, migrations: adminMigrations },
});
