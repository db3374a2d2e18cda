import pg from 'pg';

import { ephemeralDatabaseName, redactPassword, withDatabaseName } from './database-url.js';

export interface StartedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A fresh database on an existing server, dropped again on stop, so test runs
 * sharing one server never see each other's data.
 */
export async function createEphemeralDatabase(serverUrl: string, log: (line: string) => void): Promise<StartedDatabase> {
  const name = ephemeralDatabaseName();
  try {
    await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  } catch (error) {
    throw new Error(`Could not create a test database on DATABASE_URL ${redactPassword(serverUrl)}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  log(`postgres: created database ${name}`);
  return {
    url: withDatabaseName(serverUrl, name),
    stop: async () => {
      await withAdminClient(serverUrl, (client) => dropDatabase(client, name));
      log(`postgres: dropped database ${name}`);
    },
  };
}

/** Creates the database unless it exists; CREATE DATABASE has no IF NOT EXISTS. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdminClient(serverUrl, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  });
}

async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  const quoted = client.escapeIdentifier(name);
  try {
    // FORCE ends sessions a killed service may have left behind (PostgreSQL 13+).
    await client.query(`DROP DATABASE IF EXISTS ${quoted} WITH (FORCE)`);
  } catch (error) {
    if ((error as { code?: string }).code !== '42601') throw error;
    await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
    await client.query(`DROP DATABASE IF EXISTS ${quoted}`);
  }
}

/**
 * Runs fn connected to the server. The URL's own database may not exist yet
 * (DATABASE_URL=…/marketplace on a fresh server), so fall back to the
 * `postgres` maintenance database.
 */
async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  let client = quietClient(serverUrl);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    if ((error as { code?: string }).code !== '3D000') throw error;
    client = quietClient(withDatabaseName(serverUrl, 'postgres'));
    await client.connect();
  }
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

// A connection the server drops (e.g. while it shuts down) emits 'error',
// which would crash the process without a listener; the query fails anyway.
function quietClient(connectionString: string): pg.Client {
  const client = new pg.Client({ connectionString });
  client.on('error', () => undefined);
  return client;
}
