import { describe, expect, it } from 'vitest';

import { signToken, verifySignedToken } from './signed-token.js';

describe('signed tokens', () => {
  const token = signToken('key-1', 'walkthrough:job-1', ['member-1', '1700000000000']);

  it('give back their fields under the same key and purpose', () => {
    expect(verifySignedToken('key-1', 'walkthrough:job-1', token, 2)).toEqual(['member-1', '1700000000000']);
  });

  it('refuse another key, another purpose, a changed field or another field count', () => {
    expect(verifySignedToken('key-2', 'walkthrough:job-1', token, 2)).toBeNull();
    expect(verifySignedToken('key-1', 'walkthrough:job-2', token, 2)).toBeNull();
    expect(verifySignedToken('key-1', 'walkthrough:job-1', token.replace('member-1', 'member-2'), 2)).toBeNull();
    expect(verifySignedToken('key-1', 'walkthrough:job-1', token, 1)).toBeNull();
    expect(verifySignedToken('key-1', 'walkthrough:job-1', `x.${token}`, 2)).toBeNull();
  });
});
