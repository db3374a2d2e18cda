import { serviceEntry } from '@marketplace/service-kit';

import { identityEntities, identityMigrations } from './identity.entities.js';
import { IdentityModule } from './identity.module.js';
import { SETTINGS } from './identity.settings.js';

/** What the identity process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'identity',
  module: IdentityModule,
  database: { entities: identityEntities, migrations: identityMigrations },
  settings: SETTINGS,
  sealsSecrets: true,
});
