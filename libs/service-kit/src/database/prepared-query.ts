import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { Pool } from 'pg';

/**
 * Runs a hot, constant statement as a named prepared statement on the service's own pool, so
 * PostgreSQL parses and plans it once per connection rather than on every call. Planning was most
 * of the database's time for the sign-in check every API and MCP request makes (about 0.9 ms of
 * the 1.2 ms it spent per request). The name is the statement's hash, so one text always has one
 * name on a connection. Not for statements inside a transaction (they run on its own connection).
 */
export async function preparedQuery<R>(ds: DataSource, text: string, values: unknown[]): Promise<R[]> {
  const pool = (ds.driver as unknown as { master?: Pool }).master;
  if (!pool) return ds.query(text, values) as Promise<R[]>;
  const result = await pool.query({ name: nameOf(text), text, values });
  return result.rows as R[];
}

const names = new Map<string, string>();

function nameOf(text: string): string {
  let name = names.get(text);
  if (!name) names.set(text, name = `q_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`);
  return name;
}
