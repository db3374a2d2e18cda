import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

import { secretSettings } from '../scope/kit-settings.js';
import { type ServiceEnv, serviceEnv } from '../scope/service-scope.js';

/**
 * DATA_ENCRYPTION_KEY: the key that seals secrets a service must read back (signing keys, the
 * invitation links members see again). One or more secrets of at least 32 characters, comma-
 * separated, newest first: the first seals, every one opens (rotation). It lives outside the
 * database (the chart's Secret; `npm start` keeps one in its data folder).
 */
export const DATA_KEY_ENV = 'DATA_ENCRYPTION_KEY';
const MIN_SECRET_LENGTH = 32;
const PREFIX = 'sealed:v1:';

interface DataKey {
  id: string;
  key: Buffer;
}

let cached: { text: string; keys: DataKey[] } | undefined;

function dataKeys(env: ServiceEnv = serviceEnv()): DataKey[] {
  const text = secretSettings.read(env).dataEncryptionKey ?? '';
  if (cached?.text === text) return cached.keys;
  if (!text) throw new Error(`${DATA_KEY_ENV} is not set: the key that encrypts stored secrets comes from the environment (see docs/operators.md).`);
  const secrets = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (secrets.some((s) => s.length < MIN_SECRET_LENGTH)) {
    throw new Error(`${DATA_KEY_ENV}: every key must be at least ${MIN_SECRET_LENGTH} characters (e.g. \`openssl rand -base64 32\`).`);
  }
  const keys = secrets.map((secret) => {
    const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'marketplace data encryption v1', 32));
    return { id: createHash('sha256').update(key).digest('hex').slice(0, 8), key };
  });
  cached = { text, keys };
  return keys;
}

/** Fails at start, not on first use, when DATA_ENCRYPTION_KEY is missing or too short. */
export function assertDataKey(env: ServiceEnv = serviceEnv()): void {
  dataKeys(env);
}

/** Whether a stored value is sealed by sealValue (anything else is a value from before sealing). */
export function isSealed(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(PREFIX);
}

/**
 * AES-256-GCM under the first DATA_ENCRYPTION_KEY. `purpose` (e.g. "identity.invite_links.token")
 * is authenticated with it, so a sealed value opens only where it was sealed.
 */
export function sealValue(plain: string, purpose: string, env?: NodeJS.ProcessEnv): string {
  const [current] = dataKeys(env);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', current!.key, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${PREFIX}${current!.id}:${iv.toString('base64url')}:${body.toString('base64url')}:${cipher.getAuthTag().toString('base64url')}`;
}

/** Opens what sealValue sealed for the same purpose, with whichever configured key sealed it. */
export function openSealed(sealed: string, purpose: string, env?: NodeJS.ProcessEnv): string {
  if (!isSealed(sealed)) throw new Error(`Not a sealed value (${purpose}).`);
  const [id, iv, body, tag] = sealed.slice(PREFIX.length).split(':');
  const entry = dataKeys(env).find((k) => k.id === id);
  if (!entry || !iv || body === undefined || !tag) {
    throw new Error(`A sealed ${purpose} was sealed with a key ${DATA_KEY_ENV} no longer lists (key id ${id}).`);
  }
  const decipher = createDecipheriv('aes-256-gcm', entry.key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(purpose, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** JSON sealed as one string (a key pair, a key list). */
export function sealJson(value: unknown, purpose: string, env?: NodeJS.ProcessEnv): string {
  return sealValue(JSON.stringify(value), purpose, env);
}

export function openSealedJson<T>(sealed: string, purpose: string, env?: NodeJS.ProcessEnv): T {
  return JSON.parse(openSealed(sealed, purpose, env)) as T;
}

/**
 * What is stored of a secret that is only ever compared (a random token the holder presents):
 * its sha256, hex. Enough for a high-entropy random value; never for a password.
 */
export function secretDigest(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** Whether `presented` is the secret whose digest is stored, in constant time. */
export function matchesDigest(presented: string, digest: string): boolean {
  const a = Buffer.from(secretDigest(presented), 'hex');
  const b = Buffer.from(digest, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
