import { serviceEntry } from '@marketplace/service-kit';
import { identityEntities, identityMigrations } from './identity.entities.js';
import { IdentityModule } from './identity.module.js';

/** What the identity process runs, alone (main.ts) or beside the other services in one process. */
export const service = serviceEntry({
  name: 'identity',
  module: IdentityModule,
  database: { entities: identityEntities, migrations: identityMigrations },
  sealsSecrets: true,
});
