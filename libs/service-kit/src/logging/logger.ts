import { type DestinationStream, type Logger, pino } from 'pino';

import { processSettings } from '../scope/kit-settings.js';
import { currentScope } from '../scope/service-scope.js';

export type { Logger };

/** Fields of database errors that carry the values of a query (emails, tokens, ...), not its shape. */
const VALUE_FIELDS = ['parameters', 'detail', 'where'];

function dropValues(value: Record<string, unknown>, depth: number): void {
  for (const field of VALUE_FIELDS) delete value[field];
  if (depth >= 3) return;
  for (const nested of ['driverError', 'cause']) {
    const inner = value[nested];
    if (!inner || typeof inner !== 'object') continue;
    // A copy: the serialized error may still share nested objects with the original.
    const copy = (inner instanceof Error ? pino.stdSerializers.err(inner) : { ...inner }) as unknown as Record<string, unknown>;
    dropValues(copy, depth + 1);
    value[nested] = copy;
  }
}

/**
 * pino's error serializer, minus query values: TypeORM's QueryFailedError carries `parameters`
 * (and its `driverError` a PostgreSQL `detail` such as `Key (email)=(...) already exists`). The
 * SQL text, code and constraint stay; they are what an operator needs.
 */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  dropValues(out, 0);
  return out;
}

/** One JSON line per event; `requestId` is attached per request by the bus server. */
export function createLogger(service: string, destination?: DestinationStream): Logger {
  return pino(
    {
      serializers: { err: serializeError, error: serializeError },
      name: service,
      level: processSettings().logLevel,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: ['key', 'input.key', '*.authorization', '*.email'],
    },
    destination ?? currentScope().output ?? pino.destination(1),
  );
}
