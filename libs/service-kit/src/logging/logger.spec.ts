import { Writable } from 'node:stream';

import { describe, expect, it } from 'vitest';

import { createLogger, serializeError } from './logger.js';

/** What TypeORM throws when a query fails: the SQL, its parameters, and the driver's error. */
class QueryFailedError extends Error {
  constructor(
    readonly query: string,
    readonly parameters: unknown[],
    readonly driverError: Error & { detail?: string },
  ) {
    super(driverError.message);
    this.name = 'QueryFailedError';
  }
}

function dbError() {
  const driver = Object.assign(new Error('duplicate key value violates unique constraint "members_email_key"'), {
    code: '23505',
    constraint: 'members_email_key',
    detail: 'Key (email)=(alice@example.test) already exists.',
    parameters: ['alice@example.test', 'tok_secret123'],
  });
  return new QueryFailedError('INSERT INTO identity.members (email, token) VALUES ($1, $2)', ['alice@example.test', 'tok_secret123'], driver);
}

describe('serializeError', () => {
  it('drops query parameters and the driver detail, keeps SQL, code, constraint, message and stack', () => {
    const err = dbError();
    const out = serializeError(err) as Record<string, any>;
    const text = JSON.stringify(out);
    expect(text).not.toContain('alice@example.test');
    expect(text).not.toContain('tok_secret123');
    expect(out.parameters).toBeUndefined();
    expect(out.query).toBe('INSERT INTO identity.members (email, token) VALUES ($1, $2)');
    expect(out.message).toMatch(/duplicate key/);
    expect(out.stack).toEqual(expect.any(String));
    expect(out.driverError.code).toBe('23505');
    expect(out.driverError.constraint).toBe('members_email_key');
    // The error itself is untouched (other code may still read it).
    expect(err.parameters).toEqual(['alice@example.test', 'tok_secret123']);
    expect(err.driverError.detail).toMatch(/alice/);
  });

  it('passes non-errors through', () => {
    expect(serializeError('plain')).toBe('plain');
  });

  it('is what a service logger uses for err, so a logged database error carries no values', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = createLogger('identity', sink);
    logger.error({ err: dbError() }, 'unexpected failure');
    expect(lines.join('')).toContain('members_email_key');
    expect(lines.join('')).not.toContain('alice@example.test');
  });
});
