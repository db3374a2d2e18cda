import { describe, expect, it } from 'vitest';

import { ephemeralDatabaseName, postgresUrl, redactPassword, withDatabaseName } from './database-url.js';

describe('withDatabaseName', () => {
  it('keeps server, credentials and options', () => {
    expect(withDatabaseName('postgres://u:p%40ss@db:5433/marketplace?sslmode=require', 'marketplace_t_1')).toBe(
      'postgres://u:p%40ss@db:5433/marketplace_t_1?sslmode=require',
    );
  });

  it('works when the URL names no database', () => {
    expect(withDatabaseName('postgres://u@db', 'x')).toBe('postgres://u@db/x');
  });
});

describe('ephemeralDatabaseName', () => {
  it('is a plain lower-case identifier with a recognisable prefix', () => {
    expect(ephemeralDatabaseName()).toMatch(/^marketplace_t_[0-9a-f]{12}$/);
  });

  it('differs between calls', () => {
    const names = new Set(Array.from({ length: 100 }, ephemeralDatabaseName));
    expect(names.size).toBe(100);
  });
});

describe('postgresUrl', () => {
  it('escapes credentials', () => {
    expect(postgresUrl({ host: '127.0.0.1', port: 5, user: 'a b', password: 'p@ss/word', database: 'd' })).toBe('postgres://a%20b:p%40ss%2Fword@127.0.0.1:5/d');
  });
});

describe('redactPassword', () => {
  it('hides the password only', () => {
    expect(redactPassword('postgres://u:secret@db:5432/x')).toBe('postgres://u:***@db:5432/x');
    expect(redactPassword('postgres://u@db/x')).toBe('postgres://u@db/x');
  });
});
