import { serviceEntry } from '@marketplace/service-kit';

import { draftsEntities, draftsMigrations } from './drafts.entities.js';
import { DraftsModule } from './drafts.module.js';
import { SETTINGS } from './drafts.settings.js';

/** What the drafts process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'drafts',
  module: DraftsModule,
  database: { entities: draftsEntities, migrations: draftsMigrations },
  settings: SETTINGS,
});
