import { randomInt } from 'node:crypto';

import { api } from '@marketplace/testing';
import type pg from 'pg';
import { expect } from 'vitest';

/**
 * Puts an address on the waitlist from a client address of its own (the gateway trusts
 * X-Forwarded-For in tests), so the per-client waitlist limit never refuses a test, and answers
 * the entry's id.
 */
export async function joinWaitlist(base: string, db: pg.Pool, email: string): Promise<string> {
  const ip = `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;
  const res = await api(base, '/api/waitlist', { body: { email }, headers: { 'x-forwarded-for': ip } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const { rows } = await db.query('SELECT id FROM identity.waitlist WHERE email = $1', [email]);
  return rows[0].id as string;
}
