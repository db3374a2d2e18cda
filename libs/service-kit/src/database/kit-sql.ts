import type { DB as KitSchema } from './kit-schema.generated.js';
import { typedSql } from './typed-query.js';

export type { KitSchema };
// The column types every service's generated schema is written in.
export type { Generated, Int8, Json, JsonArray, JsonObject, JsonPrimitive, JsonValue, Timestamp } from './kit-schema.generated.js';

/** The kit's own tables (outbox, processed events, limits, periodic tasks, idempotency, failed work), in every service's schema. */
export const kitSql = /* @__PURE__ */ typedSql<KitSchema>();
