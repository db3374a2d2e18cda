// Writes apps/<app>/src/migrations/<ts>-<name>.ts holding the SQL the app's entities need beyond
// its existing migrations, computed by TypeORM against a scratch schema on DATABASE_URL.
import 'reflect-metadata';

import { writeFileSync } from 'node:fs';
const [app, label = 'change'] = process.argv.slice(2);
if (!app) {
  console.error('usage: node tools/new-migration.mjs <app> [label]');
  process.exit(2);
}
process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
const kit = await import('../libs/service-kit/dist/index.js');
const mod = await import(`../apps/${app}/dist/${app}.entities.js`);
const entities = Object.entries(mod).find(([k]) => k.endsWith('Entities'))[1];
const migrations = Object.entries(mod).find(([k]) => k.endsWith('Migrations'))[1];
const schema = `${app}_scratch_${process.pid}`;
const ds = kit.createDataSource({ schema, entities, migrations });
await ds.initialize();
try {
  await kit.migrate(ds, schema);
  const queries = await kit.pendingSchemaChanges(ds);
  if (!queries.length) {
    console.log('entities and migrations agree; nothing to write');
    process.exit(0);
  }
  const ts = Date.now();
  const cls = `${label.replace(/(^|-)(\w)/g, (_, __, c) => c.toUpperCase())}${ts}`;
  const body = queries.map((q) => `    await q.query(${JSON.stringify(q.trim().replaceAll(`"${schema}".`, ''))});`).join('\n');
  const file = `apps/${app}/src/migrations/${ts}-${label}.ts`;
  writeFileSync(
    file,
    `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${cls} implements MigrationInterface {\n  name = '${cls}';\n\n  async up(q: QueryRunner): Promise<void> {\n${body}\n  }\n\n  async down(): Promise<void> {\n    throw new Error('${cls} is not reversible; restore from backup.');\n  }\n}\n`,
  );
  console.log(`wrote ${file}; add ${cls} to ${app}.entities.ts`);
} finally {
  await ds.query(`DROP SCHEMA "${schema}" CASCADE`);
  await ds.destroy();
}
