import { describe, expect, it } from 'vitest';

import { findCredentials, maskExcerpt } from './credential-scan.js';

describe('findCredentials', () => {
  it.each([
    ['AWS key AKIAABCDEFGHIJKLMNOP here', 'AWS access key'],
    ['token ghp_abcdefghijklmnopqrstuvwxyz0123456789AB', 'GitHub token'],
    ['-----BEGIN RSA PRIVATE KEY-----', 'private key'],
    ['connect to postgres://admin:hunter22@db.example.com/app', 'password in a URL'],
    ['password = "correct-horse-battery"', 'password or secret assignment'],
    ['sk_live_abcdefghijklmnop1234', 'Stripe secret key'],
  ])('finds %s', (text, label) => {
    expect(findCredentials(text).map((f) => f.label)).toContain(label);
  });

  it('leaves ordinary job descriptions alone', () => {
    expect(findCredentials('## Scope\nReset the password flow UI. Use the staging API key we will share privately.')).toEqual([]);
  });

  it('masks the middle of a finding', () => {
    const masked = maskExcerpt('AKIAABCDEFGHIJKLMNOP');
    expect(masked.startsWith('AKIA')).toBe(true);
    expect(masked).toContain('*');
    expect(masked).not.toContain('EFGHIJKL');
  });
});
