import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

import { TtlCache } from '@marketplace/service-kit';
import type { DataSource } from 'typeorm';

import { keptSecret } from '../channels/notification-keys.js';
import { webhookSettings } from './webhook-settings.js';

/** A new Standard Webhooks signing secret: whsec_ and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

async function sealKey(ds: DataSource): Promise<Buffer> {
  const configured = webhookSettings().sealKey;
  const key = Buffer.from(configured ?? (await keptSecret(ds, 'webhook-seal-key', () => randomBytes(32).toString('base64'))), 'base64');
  if (key.length !== 32) throw new Error('WEBHOOK_SECRET_KEY must be 32 bytes in base64.');
  return key;
}

/** Seals a signing secret with AES-256-GCM: what the row keeps (iv.tag.ciphertext, base64url). */
export async function sealSecret(ds: DataSource, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await sealKey(ds), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
}

/**
 * Opened signing secrets, keyed by the sealed value itself: every seal has an IV of its own, so a
 * secret sealed anew (a rotation, in whichever process) is a key never seen, and the old entry is
 * never read again; nor is a deleted endpoint's, whose deliveries go with it. Bounded and short-lived
 * so plaintext secrets do not linger in memory; a miss costs the seal key's read and one AES-GCM open.
 */
const opened = new TtlCache<string>(60_000, 1_000);

/** The signing secret a row keeps, opened (from memory when this process opened it in the last minute). */
export function openSecret(ds: DataSource, sealed: string): Promise<string> {
  return opened.get(sealed, () => openSealed(ds, sealed));
}

async function openSealed(ds: DataSource, sealed: string): Promise<string> {
  const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', await sealKey(ds), iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
}
