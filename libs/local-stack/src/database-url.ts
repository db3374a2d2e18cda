import { randomBytes } from 'node:crypto';

/** The same server and credentials, another database; query options (sslmode…) are kept. */
export function withDatabaseName(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/**
 * A name no other test run will pick. Lower-case hex keeps it a plain SQL
 * identifier, and the prefix lets an operator find and drop leftovers.
 */
export function ephemeralDatabaseName(): string {
  return `marketplace_t_${randomBytes(6).toString('hex')}`;
}

export function postgresUrl(opts: { host: string; port: number; user: string; password: string; database: string }): string {
  const user = encodeURIComponent(opts.user);
  const password = encodeURIComponent(opts.password);
  return `postgres://${user}:${password}@${opts.host}:${opts.port}/${encodeURIComponent(opts.database)}`;
}

/** For error messages, which end up in CI logs. */
export function redactPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable URL)';
  }
}
