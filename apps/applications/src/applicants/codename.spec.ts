import { describe, expect, it } from 'vitest';

import { applicantCodename } from './codename.js';

describe('applicantCodename', () => {
  it('is two capitalised words', () => {
    expect(applicantCodename('1b4e28ba-2fa1-11d2-883f-0016d3cca427')).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
  });

  it('is stable for one id, whatever the case of the id', () => {
    const id = '6f1c2a9e-0d4b-4c3e-9a57-2b8d1e0f7c11';
    expect(applicantCodename(id)).toBe(applicantCodename(id));
    expect(applicantCodename(id.toUpperCase())).toBe(applicantCodename(id));
  });

  it('spreads different ids over many names', () => {
    const names = new Set(Array.from({ length: 200 }, (_, i) => applicantCodename(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`)));
    expect(names.size).toBeGreaterThan(150);
  });

  it('does not contain the id', () => {
    const id = 'abcdefab-0000-4000-8000-000000000000';
    expect(applicantCodename(id).toLowerCase()).not.toContain('abcdef');
  });
});
