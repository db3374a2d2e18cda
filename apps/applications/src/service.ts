import { serviceEntry } from '@marketplace/service-kit';

import { applicationsEntities, applicationsMigrations } from './applications.entities.js';
import { ApplicationsModule } from './applications.module.js';
import { SETTINGS } from './applications.settings.js';

/** What the applications process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'applications',
  settings: SETTINGS,
  module: ApplicationsModule,
  database: { entities: applicationsEntities, migrations: applicationsMigrations },
});
