import { runService } from '@marketplace/service-kit';
import { draftsEntities, draftsMigrations } from './drafts.entities.js';
import { DraftsModule } from './drafts.module.js';

await runService({
  name: 'drafts',
  module: DraftsModule,
  database: { entities: draftsEntities, migrations: draftsMigrations },
});
