import { type Access, AppError, type Caller, commentOnJob, contactForHelp, downloadMyFile, listMyJobs, type Operation } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { guardAccess, guardStanding } from './access-guard.js';

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

describe('guardStanding: a suspended member reads and appeals, nothing else', () => {
  const suspended: Caller = { ...member, suspended: 'Spam.' };
  const standing = (op: Operation, caller: Caller): number | string => {
    try {
      guardStanding(op, op.access, caller);
      return 200;
    } catch (err) {
      return `${(err as AppError).status} ${(err as AppError).message}`;
    }
  };

  it('refuses a write with the reason and the appeal named', () => {
    expect(standing(commentOnJob, suspended)).toBe('403 Your account is suspended: Spam. You can appeal from the help page (topic appeal).');
    expect(standing(commentOnJob, member)).toBe(200);
  });

  it('lets reads, read-only POSTs and the appeal through', () => {
    expect(standing(listMyJobs, suspended)).toBe(200);
    expect(standing(downloadMyFile, suspended)).toBe(200);
    expect(standing(contactForHelp, suspended)).toBe(200);
  });
});
