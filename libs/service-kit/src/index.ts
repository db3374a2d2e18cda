// First, so that Nest is imported while date formats are deferred (see the module); restored at the end.
import { restoreDateFormat } from './bootstrap/deferred-date-format.js';

// What the gateway imports alone (edge.ts), then what only backends need.
export * from './edge.js';
export * from './bus/bus-server.js';
export * from './bus/operation-handler.js';
export * from './database/data-source.factory.js';
export * from './database/dependency-errors.js';
export * from './database/prepared-query.js';
export * from './database/unit-of-work.js';
export * from './events/event-consumer.js';
export * from './events/event-stream.js';
export * from './events/processed-event.entity.js';
export * from './outbox/event-writer.js';
export * from './outbox/outbox-event.entity.js';
export * from './outbox/outbox-relay.js';
export * from './bootstrap/kit.module.js';
export * from './bootstrap/kit.tokens.js';
export * from './bootstrap/run-service.js';
export * from './bootstrap/load-mailer.js';
export * from './queues/backoff.js';
export * from './queues/enqueue-work.js';
export * from './queues/work-handler.js';
export * from './queues/work-runner.js';
export * from './queues/periodic-task.js';
export * from './queues/work-stream.js';
export * from './access/member-access.js';
export * from './access/access-guard.js';
export * from './access/bearer-token.js';
export * from './access/signed-token.js';
export * from './database/kit-table-pruner.js';
export * from './limits/count-attempt.js';
export * from './limits/limit-attempt.entity.js';
export * from './limits/limit-bucket.js';
export * from './limits/limit-buckets.js';
export * from './limits/limits-config.js';
export * from './storage/storage-config.js';
export * from './bus/bus-credentials.js';
export * from './database/page-query.js';
export * from './database/kit-model-spend.migration.js';
export * from './models/model-provider.js';
export * from './models/model-budget.js';
export * from './bus/stream-replicas.js';
export * from './health/service-metrics.js';
export * from './outbound/outbound-address.js';
export * from './secrets/sealed-value.js';

restoreDateFormat();
