// What a process with no database and no Nest module needs (the gateway): the bus, logs, health,
// metrics, traces, object storage and the standalone runner. Importing only this leaves Nest,
// TypeORM and the PostgreSQL driver unloaded, about 20 MiB of the process's memory.
export * from './bus/bus-client.js';
export * from './bus/caller-token.js';
export * from './bus/codec.js';
export * from './bus/nats-connection.js';
// The one access check, which the web pages' guards ask before a page runs (no handler, no database).
export { FINISH_SIGN_UP_MESSAGE, guardAccess } from './access/access-guard.js';
export * from './batching/counts-batch.js';
export * from './bootstrap/idle-memory.js';
export * from './bootstrap/kit-settings-list.js';
export * from './bootstrap/production-secrets.js';
export * from './bootstrap/service-entry.js';
export * from './cache/ttl-cache.js';
export * from './events/broadcast-consumer.js';
export * from './health/bus-health.js';
export * from './health/health-server.js';
export * from './logging/logger.js';
export * from './scope/kit-settings.js';
export * from './scope/load-on-first-use.js';
export * from './scope/public-url.js';
export * from './scope/service-scope.js';
export * from './scope/setting-declarations.js';
export * from './scope/settings.js';
export * from './scope/settings-table.js';
export * from './storage/object-storage.js';
export * from './tracing/tracer.js';
// The outbound address guard: the gateway fetches client metadata documents from URLs anyone names.
export * from './outbound/outbound-address.js';
