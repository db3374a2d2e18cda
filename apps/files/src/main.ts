import { runService } from '@marketplace/service-kit';
import { filesEntities, filesMigrations } from './files.entities.js';
import { FilesModule } from './files.module.js';

await runService({
  name: 'files',
  module: FilesModule,
  // No work queues yet, so no worker process runs. The first queue's handler goes in with
  // workersProvider(...) in the module; then turn on `workers` for files in the launcher's catalogue
  // (libs/local-stack) and workers.files.enabled in the chart.
  database: { entities: filesEntities, migrations: filesMigrations },
});
