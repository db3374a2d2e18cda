#!/usr/bin/env node
// Part of `npm run build`, before the compiler: a schema's generated types are refused once its
// migrations changed since they were generated, so code is always checked against the schema the
// migrations make (a renamed or dropped column then fails the build where a query uses it).
import { readFile } from 'node:fs/promises';

import { AREAS, headerHash, migrationsHash } from './db-types-areas.mjs';

const stale = [];
for (const area of AREAS) {
  const text = await readFile(area.out, 'utf8').catch(() => '');
  if (headerHash(text) !== (await migrationsHash(area))) stale.push(area.out);
}
if (stale.length > 0) {
  console.error(
    `The database types are older than their migrations: run \`npm run db:types\` (it migrates a fresh schema and regenerates them).\n${stale.map((s) => `- ${s}`).join('\n')}`,
  );
  process.exit(1);
}
