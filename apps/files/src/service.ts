import { serviceEntry } from '@marketplace/service-kit';

import { filesEntities, filesMigrations } from './files.entities.js';
import { FilesModule } from './files.module.js';
import { SETTINGS } from './files.settings.js';

/** What the files process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'files',
  settings: SETTINGS,
  module: FilesModule,
  database: { entities: filesEntities, migrations: filesMigrations },
});
