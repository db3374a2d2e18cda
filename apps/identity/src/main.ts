import { runService } from '@marketplace/service-kit';
import { identityEntities, identityMigrations } from './identity.entities.js';
import { IdentityModule } from './identity.module.js';

await runService({
  name: 'identity',
  module: IdentityModule,
  database: { entities: identityEntities, migrations: identityMigrations },
});
