import { describe, expect, it } from 'vitest';

import { findExposures, maskDetail } from './exposure-scan.js';

const labels = (text: string) => [...new Set(findExposures(text, 'constraints').map((e) => `${e.kind}:${e.label}`))];

describe('exposure scan', () => {
  it('finds personal details', () => {
    expect(labels('Mail jane.doe@example.com')).toEqual(['personal:email address']);
    expect(labels('Call (415) 555-0132 or 415-555-0199')).toEqual(['personal:phone number']);
    expect(labels('Office at 1600 Pennsylvania Avenue, Washington')).toEqual(['personal:street address']);
  });

  it('finds internal details', () => {
    expect(labels('The db is at 10.0.3.7 and 192.168.1.20')).toEqual(['internal:private IP address']);
    expect(labels('Deploy to build01.corp and api.internal')).toEqual(['internal:internal hostname']);
  });

  it('finds payment card numbers that pass the Luhn check, and not other long numbers', () => {
    expect(labels('Card 4242 4242 4242 4242 exp 12/29')).toEqual(['personal:payment card number']);
    expect(labels('Card 5555-5555-5555-4444')).toEqual(['personal:payment card number']);
    expect(labels('Order 4242 4242 4242 4241 shipped')).toEqual([]);
  });

  it('finds home folders and network shares, not system paths', () => {
    expect(labels('Logs in /home/jsmith/app and C:\\Users\\Ann Lee\\Desktop')).toEqual(['internal:internal file path']);
    expect(labels('Copy from \\\\fileserver\\finance')).toEqual(['internal:internal file path']);
    expect(labels('Config in /etc/nginx and /usr/local/bin, docs at https://example.com/home/page')).toEqual([]);
  });

  it('passes ordinary text', () => {
    expect(labels('## Scope\nDeliver 3 reports by 2026-05-01, version 1.2.3, on 8.8.8.8 DNS; 40 hours.')).toEqual([]);
  });

  it('masks the middle of each match', () => {
    const [e] = findExposures('write to jane.doe@example.com', 'title');
    expect(e).toMatchObject({ field: 'title', kind: 'personal' });
    expect(e!.excerpt).not.toContain('doe@example');
    expect(maskDetail('abcdefgh')).toBe('ab****gh');
  });
});
