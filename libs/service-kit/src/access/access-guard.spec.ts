import { describe, expect, it } from 'vitest';
import { AppError, type Access, type Caller } from '@marketplace/contracts';
import { guardAccess } from './access-guard.js';

const member: Caller = { memberId: 'm', via: 'key', scopes: [], staff: false, emailVerified: true };
const standings: Record<string, Caller | null> = {
  signedOut: null,
  unverified: { ...member, emailVerified: false },
  notLetIn: { ...member, admitted: false },
  signingUp: { ...member, signUpPending: true },
  member,
  staff: { ...member, staff: true },
};

function outcome(access: Access, caller: Caller | null): number {
  try {
    guardAccess(access, caller);
    return 200;
  } catch (err) {
    return (err as AppError).status;
  }
}

describe('guardAccess: one ladder for every service', () => {
  it.each([
    ['public', [200, 200, 200, 200, 200, 200]],
    ['internal', [200, 200, 200, 200, 200, 200]],
    ['signedIn', [401, 200, 200, 200, 200, 200]],
    ['verified', [401, 403, 200, 200, 200, 200]],
    ['signUp', [401, 403, 403, 200, 200, 200]],
    ['member', [401, 403, 403, 403, 200, 200]],
    ['staff', [401, 403, 403, 403, 403, 200]],
  ] as const)('%s', (access, expected) => {
    expect(Object.values(standings).map((caller) => outcome(access, caller))).toEqual(expected);
  });

  it('says why', () => {
    expect(() => guardAccess('member', standings.notLetIn!)).toThrow(/invite-only/);
    expect(() => guardAccess('member', standings.signingUp!)).toThrow('Finish signing up first.');
    expect(() => guardAccess('member', standings.unverified!)).toThrow('Verify your email address first.');
  });
});
