const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08003',
  '08006',
  '08001',
  '08004',
]);

/** True when a failure means the database (or another dependency) is unreachable, not a bug. */
export function isDependencyError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code ?? (err as { driverError?: { code?: string } }).driverError?.code;
  if (code && CONNECTION_CODES.has(code)) return true;
  return DEPENDENCY_MESSAGES.test(err.message);
}

/**
 * The driver's words for a lost connection. TypeORM releases a transaction's query runner when
 * its connection emits an error (the server restarted or ended the session), so the transaction's
 * next query fails as "already released": the database went away under it, not a bug of ours.
 */
const DEPENDENCY_MESSAGES = new RegExp(
  [
    'timeout exceeded when trying to connect',
    'Connection terminated',
    'connect ECONNREFUSED',
    'Client has encountered a connection error',
    'connection provided by a query runner was already released',
    'Query runner already released',
  ].join('|'),
  'i',
);
