import { randomBytes } from 'node:crypto';

import { type Db, openSealedJson, sealJson } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { keepKey, keptKeySealed } from './channels.queries.js';

/** A kept key as stored: sealed under DATA_ENCRYPTION_KEY, for its own name only. */
export function sealedKey(name: string, value: unknown): { sealed: string } {
  return { sealed: sealJson(value, `notifications.notification_keys.${name}`) };
}

/**
 * Returns the secret kept under `name`, making it on first use. Concurrent first uses (replicas,
 * the worker) race on the primary key and all read back the one that won. Stored sealed.
 */
export async function keptSecret<T>(on: Db, name: string, make: () => T): Promise<T> {
  await keepKey(on, name, sealedKey(name, make()));
  const sealed = await keptKeySealed(on, name);
  if (typeof sealed !== 'string') throw new Error(`The key kept as ${name} is not sealed.`);
  return openSealedJson<T>(sealed, `notifications.notification_keys.${name}`);
}

/** The key that signs unsubscribe links. */
export function unsubscribeKey(ds: DataSource): Promise<string> {
  return keptSecret(ds, 'unsubscribe-signing-key', () => randomBytes(32).toString('base64url'));
}
