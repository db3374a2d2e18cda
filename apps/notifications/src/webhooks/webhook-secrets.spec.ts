import { randomBytes } from 'node:crypto';

import type { DataSource } from 'typeorm';
import { beforeAll, describe, expect, it } from 'vitest';

import { newWebhookSecret, openSecret, sealSecret } from './webhook-secrets.js';

/** With WEBHOOK_SECRET_KEY set, sealing and opening never touch the database. */
const noDatabase = new Proxy({}, { get: () => () => Promise.reject(new Error('no database in this test')) }) as unknown as DataSource;

describe('webhook signing secrets', () => {
  beforeAll(() => {
    process.env.WEBHOOK_SECRET_KEY = randomBytes(32).toString('base64');
  });

  it('opens what it sealed, and the same sealed value again from memory', async () => {
    const secret = newWebhookSecret();
    const sealed = await sealSecret(noDatabase, secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(await openSecret(noDatabase, sealed)).toBe(secret);
    expect(await openSecret(noDatabase, sealed)).toBe(secret);
  });

  it('a secret sealed anew (a rotation) is opened as the new secret, never the one kept in memory for the old row', async () => {
    const before = newWebhookSecret();
    const after = newWebhookSecret();
    const sealedBefore = await sealSecret(noDatabase, before);
    expect(await openSecret(noDatabase, sealedBefore)).toBe(before);
    const sealedAfter = await sealSecret(noDatabase, after);
    expect(sealedAfter).not.toBe(sealedBefore);
    expect(await openSecret(noDatabase, sealedAfter)).toBe(after);
  });

  it('a value that does not open is not kept: asking again fails again', async () => {
    const sealed = await sealSecret(noDatabase, newWebhookSecret());
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url').map((b) => b ^ 1);
    const tampered = [iv, tag, Buffer.from(flipped).toString('base64url')].join('.');
    await expect(openSecret(noDatabase, tampered)).rejects.toThrow();
    await expect(openSecret(noDatabase, tampered)).rejects.toThrow();
  });
});
