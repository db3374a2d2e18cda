import { serviceEntry } from '@marketplace/service-kit';
import { adminEntities, adminMigrations } from './admin.entities.js';
import { AdminModule } from './admin.module.js';

/** What the admin process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'admin',
  module: AdminModule,
  database: { entities: adminEntities, migrations: adminMigrations },
});
