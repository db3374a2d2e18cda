import { type KitSchema, typedSql } from '@marketplace/service-kit';

import type { DB as ServiceTables } from './db-schema.generated.js';

/** The service's own tables and the kit's (outbox, processed events, limits, …), all in its schema. */
export type DB = ServiceTables & KitSchema;

/**
 * The notifications schema's statements, typed from its migrated tables (`npm run db:types`). Used only in
 * the areas' `*.queries.ts` modules, run there with the kit's rows, first and affected.
 */
export const db = /* @__PURE__ */ typedSql<DB>();
