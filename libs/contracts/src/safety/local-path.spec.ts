import { describe, expect, it } from 'vitest';

import { safeLocalPath } from './local-path.js';

const PUBLIC_URL = 'https://market.example/';

describe('safeLocalPath', () => {
  it('accepts ordinary paths on this site, with query and fragment, unchanged', () => {
    for (const ok of ['/', '/agent-access', '/agent-access?x=1&q=senior%20dev', '/jobs/abc#top', '/a/b/../c', '/sign-in?next=%2Fagent-access']) {
      expect(safeLocalPath(ok, PUBLIC_URL), ok).toBe(ok);
    }
  });

  it('refuses protocol-relative and backslash forms', () => {
    for (const bad of ['//evil.example', '//evil.example/x', '/\\evil.example', '\\/evil.example', '/\\/evil.example']) {
      expect(safeLocalPath(bad, PUBLIC_URL), JSON.stringify(bad)).toBeUndefined();
    }
  });

  it('refuses control characters and whitespace browsers strip or reinterpret (/<TAB>/evil.example is //evil.example)', () => {
    for (const c of ['\t', '\n', '\r', '\u0000', '\u000b', '\u000c', '\u001f', '\u007f', ' ']) {
      const bad = `/${c}/evil.example`;
      expect(safeLocalPath(bad, PUBLIC_URL), JSON.stringify(bad)).toBeUndefined();
    }
    // The premise: a WHATWG URL parser (as browsers use) really does read it as another origin.
    expect(new URL('/\t/evil.example', PUBLIC_URL).origin).toBe('https://evil.example');
  });

  it('refuses encoded variants, also double-encoded, and malformed escapes', () => {
    for (const bad of [
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0D/evil.example',
      '/%5Cevil.example',
      '/%5cevil.example',
      '/%2F/evil.example',
      '/%2fevil.example',
      '/%252F/evil.example',
      '/%2509/evil.example',
      '/%00',
      '/%E0%A4%A',
    ]) {
      expect(safeLocalPath(bad, PUBLIC_URL), bad).toBeUndefined();
    }
  });

  it('refuses non-paths, absolute URLs, non-strings and over-long values', () => {
    for (const bad of ['evil.example', 'https://evil.example/', 'https://market.example/a', 'javascript:alert(1)', '', undefined, 42, ['/a']]) {
      expect(safeLocalPath(bad, PUBLIC_URL), String(bad)).toBeUndefined();
    }
    expect(safeLocalPath(`/${'a'.repeat(2048)}`, PUBLIC_URL)).toBeUndefined();
  });
});
