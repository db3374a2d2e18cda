import { pino, type Logger } from 'pino';

export type { Logger };

/** One JSON line per event; `requestId` is attached per request by the bus server. */
export function createLogger(service: string): Logger {
  return pino({
    name: service,
    level: process.env.LOG_LEVEL ?? 'info',
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: ['key', 'input.key', '*.authorization', '*.email'],
  });
}
