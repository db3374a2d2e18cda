import { runService } from '@marketplace/service-kit';
import { filesEntities, filesMigrations } from './files.entities.js';
import { FilesModule } from './files.module.js';

await runService({
  name: 'files',
  module: FilesModule,
  database: { entities: filesEntities, migrations: filesMigrations },
  // ACTIVE_WORKERS: queues a ROLE=worker process may pull. Empty until the first background job
  // kind lands; an operator naming any queue in WORKER_QUEUES is refused at start-up.
  workers: {},
});
