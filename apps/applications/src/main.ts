import { runService } from '@marketplace/service-kit';
import { applicationsEntities, applicationsMigrations } from './applications.entities.js';
import { ApplicationsModule } from './applications.module.js';

await runService({
  name: 'applications',
  module: ApplicationsModule,
  database: { entities: applicationsEntities, migrations: applicationsMigrations },
});
