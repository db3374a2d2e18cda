import { runService } from '@marketplace/service-kit';
import { draftsEntities, draftsMigrations } from './drafts.entities.js';
import { DraftsModule } from './drafts.module.js';

await runService({
  name: 'drafts',
  module: DraftsModule,
  database: { entities: draftsEntities, migrations: draftsMigrations },
  // ACTIVE_WORKERS: queues a ROLE=worker process may pull. Empty until the first background job
  // kind lands; an operator naming any queue in WORKER_QUEUES is refused at start-up.
  workers: {},
});
