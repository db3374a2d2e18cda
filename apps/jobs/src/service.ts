import { serviceEntry } from '@marketplace/service-kit';

import { jobsEntities, jobsMigrations } from './jobs.entities.js';
import { JobsModule } from './jobs.module.js';
import { SETTINGS } from './jobs.settings.js';

/** What the jobs process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'jobs',
  settings: SETTINGS,
  module: JobsModule,
  database: { entities: jobsEntities, migrations: jobsMigrations },
  sealsSecrets: true,
});
