import { runService } from '@marketplace/service-kit';
import { draftsEntities, draftsMigrations } from './drafts.entities.js';
import { DraftsModule } from './drafts.module.js';

await runService({
  name: 'drafts',
  module: DraftsModule,
  // No work queues yet, so no worker process runs. The first queue's handler goes in with
  // workersProvider(...) in the module; then turn on `workers` for drafts in the launcher's catalogue
  // (libs/local-stack) and workers.drafts.enabled in the chart.
  database: { entities: draftsEntities, migrations: draftsMigrations },
});
