const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND',
  '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004',
]);

/** True when a failure means the database (or another dependency) is unreachable, not a bug. */
export function isDependencyError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: string }).code ?? (err as { driverError?: { code?: string } }).driverError?.code;
  if (code && CONNECTION_CODES.has(code)) return true;
  return /timeout exceeded when trying to connect|Connection terminated|connect ECONNREFUSED|Client has encountered a connection error/i
    .test(err.message);
}
