import { runService } from '@marketplace/service-kit';
import { jobsEntities, jobsMigrations } from './jobs.entities.js';
import { JobsModule } from './jobs.module.js';

await runService({
  name: 'jobs',
  module: JobsModule,
  database: { entities: jobsEntities, migrations: jobsMigrations },
});
