import { openSealedJson, sealJson } from '@marketplace/service-kit';
import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** A kept key as stored: sealed under DATA_ENCRYPTION_KEY, for its own name only. */
export function sealedKey(name: string, value: unknown): { sealed: string } {
  return { sealed: sealJson(value, `notifications.notification_keys.${name}`) };
}

/**
 * Returns the secret kept under `name`, making it on first use. Concurrent first uses (replicas,
 * the worker) race on the primary key and all read back the one that won. Stored sealed.
 */
export async function keptSecret<T>(ds: DataSource, name: string, make: () => T): Promise<T> {
  await ds.query(
    'INSERT INTO notification_keys (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING',
    [name, JSON.stringify(sealedKey(name, make()))],
  );
  const [row] = (await ds.query('SELECT value FROM notification_keys WHERE name = $1', [name])) as { value: { sealed: string } }[];
  return openSealedJson<T>(row!.value.sealed, `notifications.notification_keys.${name}`);
}

/** The key that signs unsubscribe links. */
export function unsubscribeKey(ds: DataSource): Promise<string> {
  return keptSecret(ds, 'unsubscribe-signing-key', () => randomBytes(32).toString('base64url'));
}
