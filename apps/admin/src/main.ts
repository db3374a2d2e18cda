import { runService } from '@marketplace/service-kit';
import { adminEntities, adminMigrations } from './admin.entities.js';
import { AdminModule } from './admin.module.js';

await runService({
  name: 'admin',
  module: AdminModule,
  database: { entities: adminEntities, migrations: adminMigrations },
});
