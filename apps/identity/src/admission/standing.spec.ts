import { describe, expect, it } from 'vitest';

import { finishesAutomatically, isAdmitted, signUpPending, type StandingFacts } from './standing.js';

const settings = (over: Partial<{ inviteOnly: boolean; identityVerification: boolean; inviteOnlySince: Date | null }> = {}) => ({
  inviteOnly: false,
  identityVerification: false,
  invitationsPerMember: 5,
  inviteOnlySince: null,
  ...over,
});
const member = (over: Partial<StandingFacts> = {}): StandingFacts => ({
  email: 'a@example.com',
  staff: false,
  emailVerifiedAt: new Date(),
  createdAt: new Date('2026-01-02'),
  admittedAt: null,
  signUpFinishedAt: null,
  ...over,
});

describe('admission standing', () => {
  it('everyone is let in unless invite-only', () => {
    expect(isAdmitted(member(), settings())).toBe(true);
    expect(isAdmitted(member(), settings({ inviteOnly: true, inviteOnlySince: new Date('2026-01-01') }))).toBe(false);
  });

  it('invite-only lets in members from before it, invited members and verified staff', () => {
    const s = settings({ inviteOnly: true, inviteOnlySince: new Date('2026-01-03') });
    expect(isAdmitted(member(), s)).toBe(true);
    expect(isAdmitted(member({ createdAt: new Date('2026-01-04') }), s)).toBe(false);
    expect(isAdmitted(member({ createdAt: new Date('2026-01-04'), admittedAt: new Date() }), s)).toBe(true);
    expect(isAdmitted(member({ createdAt: new Date('2026-01-04'), staff: true }), s)).toBe(true);
    expect(isAdmitted(member({ createdAt: new Date('2026-01-04'), staff: true, emailVerifiedAt: null }), s)).toBe(false);
  });

  it('sign-up is owed only with verification on; without it admitted members finish automatically', () => {
    expect(signUpPending(member(), settings())).toBe(false);
    expect(finishesAutomatically(member(), settings())).toBe(true);
    expect(signUpPending(member(), settings({ identityVerification: true }))).toBe(true);
    expect(finishesAutomatically(member(), settings({ identityVerification: true }))).toBe(false);
    expect(signUpPending(member({ signUpFinishedAt: new Date() }), settings({ identityVerification: true }))).toBe(false);
  });
});
