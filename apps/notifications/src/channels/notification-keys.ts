import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/**
 * Returns the secret kept under `name`, making it on first use. Concurrent first uses (replicas,
 * the worker) race on the primary key and all read back the one that won.
 */
export async function keptSecret<T>(ds: DataSource, name: string, make: () => T): Promise<T> {
  await ds.query(
    'INSERT INTO notification_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, JSON.stringify(make())],
  );
  const [row] = (await ds.query('SELECT value FROM notification_keys WHERE name = $1', [name])) as { value: T }[];
  return row!.value;
}

/** The key that signs unsubscribe links. */
export function unsubscribeKey(ds: DataSource): Promise<string> {
  return keptSecret(ds, 'unsubscribe-signing-key', () => randomBytes(32).toString('base64url'));
}
