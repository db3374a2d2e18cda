import { applyToJob, applyToTeamJob, type Caller, listOpenJobs, listTeamBoard } from '@marketplace/contracts';
import { describe, expect, it } from 'vitest';

import { pickOperation } from './rest-routes.js';

const caller = (over: Partial<Caller> = {}): Caller => ({
  memberId: 'm1',
  via: 'key',
  scopes: ['agent:read', 'agent:write'],
  staff: false,
  emailVerified: true,
  ...over,
});

describe('pickOperation: the shared paths are decided by the credential', () => {
  const board = [{ op: listOpenJobs }, { op: listTeamBoard }];
  const apply = [{ op: applyToJob }, { op: applyToTeamJob }];

  it('team and candidate keys get the team surface', () => {
    for (const credential of ['team', 'candidate'] as const) {
      expect(pickOperation(board, caller({ credential })).op).toBe(listTeamBoard);
      expect(pickOperation(apply, caller({ credential })).op).toBe(applyToTeamJob);
    }
  });

  it('member keys, sessions, OAuth and anonymous callers get the member surface', () => {
    for (const who of [caller(), caller({ via: 'session' }), caller({ via: 'oauth', clientId: 'c' }), null]) {
      expect(pickOperation(board, who).op).toBe(listOpenJobs);
      expect(pickOperation(apply, who).op).toBe(applyToJob);
    }
  });

  it('the order of the catalogue does not matter', () => {
    expect(pickOperation([...board].reverse(), caller({ credential: 'team' })).op).toBe(listTeamBoard);
    expect(pickOperation([...board].reverse(), null).op).toBe(listOpenJobs);
  });
});
