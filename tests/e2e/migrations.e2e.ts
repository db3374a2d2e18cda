import 'reflect-metadata';

import { describe, expect, inject, it } from 'vitest';

const services = ['identity', 'jobs', 'applications', 'files', 'drafts', 'notifications', 'admin'];

/** Fails when an entity changed without a migration: TypeORM would still need SQL to match it. */
describe("every service's migrations match its entities", () => {
  for (const service of services) {
    it(service, async () => {
      process.env.DATABASE_URL = inject('databaseUrl');
      const kit = await import('@marketplace/service-kit');
      const mod = (await import(`../../apps/${service}/dist/${service}.entities.js`)) as Record<string, Function[]>;
      const entities = Object.entries(mod).find(([k]) => k.endsWith('Entities'))![1];
      const migrations = Object.entries(mod).find(([k]) => k.endsWith('Migrations'))![1];
      const ds = kit.createDataSource({ schema: service, entities, migrations });
      await ds.initialize();
      try {
        expect(await ds.showMigrations()).toBe(false);
        expect(await kit.pendingSchemaChanges(ds)).toEqual([]);
      } finally {
        await ds.destroy();
      }
    });
  }
});
