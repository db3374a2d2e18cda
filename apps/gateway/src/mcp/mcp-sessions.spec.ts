import { AppError, type Caller } from '@marketplace/contracts';
import { afterEach, describe, expect, it } from 'vitest';

import { McpSessions, type Opener, readSessionLimits, type SessionParts } from './mcp-sessions.js';

const member = (memberId: string, clientId = 'agent-1'): Caller =>
  ({ memberId, clientId, via: 'oauth', scopes: ['agent:write'], staff: false, emailVerified: true }) as Caller;

/** An opener at this address whose count of sessions this minute admits all (or refuses, with the 429). */
const from = (address: string, refused = false, admitted: string[] = []): Opener => ({
  address,
  admit: async () => {
    if (refused) throw AppError.tooMany('At most 30 MCP sessions per minute from one address before sign-in.', 30);
    admitted.push(address);
  },
});

/** A session's transport and server as far as the store sees them: an id once initialized, a close. */
function fakeParts(closed: string[]): (generate: () => string) => Promise<SessionParts> {
  return async (generate) => {
    const id = generate();
    const transport = { sessionId: id } as SessionParts['transport'];
    return {
      transport,
      server: {
        close: async () => {
          closed.push(id);
        },
      },
    };
  };
}

describe('MCP sessions (2025-era clients that can ask their human)', () => {
  let sessions: McpSessions;
  afterEach(async () => sessions.closeAll());

  /** A store with two sessions of two members, both still answering their initialize. */
  async function twoOpen(cap: number) {
    sessions = new McpSessions({ idleMs: 60_000, cap, unclaimedPerAddress: 100 });
    const closed: string[] = [];
    const first = (await sessions.open(member('m1'), from('192.0.2.1'), fakeParts(closed)))!;
    const second = (await sessions.open(member('m2'), from('192.0.2.1'), fakeParts(closed)))!;
    return { closed, first, second };
  }

  it('serves a session to the member and agent that opened it only', async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 10, unclaimedPerAddress: 100 });
    const opened = (await sessions.open(member('m1'), from('192.0.2.1'), fakeParts([])))!;
    opened.release();
    const own = sessions.use(opened.id, member('m1'));
    expect('found' in own).toBe(true);
    expect(sessions.use(opened.id, member('m2'))).toMatchObject({ refused: 403 });
    expect(sessions.use(opened.id, member('m1', 'agent-2'))).toMatchObject({ refused: 403 });
    expect(sessions.use(opened.id, null)).toMatchObject({ refused: 403 });
    expect(sessions.use('unknown', member('m1'))).toMatchObject({ refused: 404 });
  });

  it('gives a session opened before sign-in to the first signed-in caller', async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 10, unclaimedPerAddress: 100 });
    const opened = (await sessions.open(null, from('192.0.2.1'), fakeParts([])))!;
    expect('found' in sessions.use(opened.id, member('m1'))).toBe(true);
    expect(sessions.use(opened.id, member('m2'))).toMatchObject({ refused: 403 });
  });

  it('closes sessions idle past the limit, never one still answering', async () => {
    sessions = new McpSessions({ idleMs: 1_000, cap: 10, unclaimedPerAddress: 100 });
    const closed: string[] = [];
    const idle = (await sessions.open(member('m1'), from('192.0.2.1'), fakeParts(closed)))!;
    idle.release();
    const busy = (await sessions.open(member('m1'), from('192.0.2.1'), fakeParts(closed)))!;
    sessions.sweep(Date.now() + 5_000);
    expect(closed).toEqual([idle.id]);
    expect(sessions.use(idle.id, member('m1'))).toMatchObject({ refused: 404 });
    busy.release();
    sessions.sweep(Date.now() + 5_000);
    expect(closed).toEqual([idle.id, busy.id]);
  });

  it('at the cap, the least recently used idle session makes room; when all are busy none opens', async () => {
    const { closed, first, second } = await twoOpen(2);
    first.release();
    second.release();
    // Using the first makes the second the least recently used.
    const used = sessions.use(first.id, member('m1'));
    if ('found' in used) used.release();
    const third = (await sessions.open(member('m3'), from('192.0.2.1'), fakeParts(closed)))!;
    expect(closed).toEqual([second.id]);
    expect(await sessions.open(member('m4'), from('192.0.2.1'), fakeParts(closed))).toMatchObject({ id: expect.any(String) });
    expect(closed).toEqual([second.id, first.id]);
    expect(await sessions.open(member('m5'), from('192.0.2.1'), fakeParts(closed))).toBeUndefined();
    third.release();
  });

  it('closes every session, busy or not, when the gateway stops', async () => {
    const { closed, first: busy, second: idle } = await twoOpen(10);
    idle.release();
    await sessions.closeAll();
    expect(closed.sort()).toEqual([busy.id, idle.id].sort());
    expect(sessions.use(busy.id, member('m1'))).toMatchObject({ refused: 404 });
  });

  it('forgets an initialize the transport refused (no session id was given out)', async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 10, unclaimedPerAddress: 100 });
    const closed: string[] = [];
    const opened = (await sessions.open(member('m1'), from('192.0.2.1'), async () => ({
      transport: { sessionId: undefined } as SessionParts['transport'],
      server: {
        close: async () => {
          closed.push('refused');
        },
      },
    })))!;
    opened.release();
    expect(sessions.size).toBe(0);
    expect(closed).toEqual(['refused']);
  });

  it('before sign-in, holds an address to its live unclaimed sessions; a signed-in claim frees its place', async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 100, unclaimedPerAddress: 2 });
    const admitted: string[] = [];
    const a = from('203.0.113.9', false, admitted);
    const one = (await sessions.open(null, a, fakeParts([])))!;
    const two = (await sessions.open(null, a, fakeParts([])))!;
    expect(await sessions.open(null, a, fakeParts([]))).toBeUndefined();
    // Refused before it was counted: only the two opened count against the minute.
    expect(admitted).toEqual(['203.0.113.9', '203.0.113.9']);
    // Other addresses, and signed-in callers at this one, are not held by it.
    expect(await sessions.open(null, from('203.0.113.10'), fakeParts([]))).toBeDefined();
    expect(await sessions.open(member('m1'), from('203.0.113.9', true), fakeParts([]))).toBeDefined();
    expect(sessions.unclaimedFrom('203.0.113.9')).toBe(2);
    one.release();
    two.release();
    const claimed = sessions.use(one.id, member('m2'));
    if ('found' in claimed) claimed.release();
    expect(sessions.unclaimedFrom('203.0.113.9')).toBe(1);
    expect(await sessions.open(null, a, fakeParts([]))).toBeDefined();
  });

  it('before sign-in, answers without a session once identity refuses the address this minute; other failures are thrown', async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 100, unclaimedPerAddress: 10 });
    expect(await sessions.open(null, from('203.0.113.9', true), fakeParts([]))).toBeUndefined();
    expect(sessions.size).toBe(0);
    const down: Opener = {
      address: '203.0.113.9',
      admit: async () => {
        throw AppError.unavailable('The bus is down.');
      },
    };
    await expect(sessions.open(null, down, fakeParts([]))).rejects.toMatchObject({ status: 503 });
    expect(sessions.size).toBe(0);
  });

  it("at the cap, an idle session nobody signed in on goes before a member's", async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 2, unclaimedPerAddress: 10 });
    const closed: string[] = [];
    const members = (await sessions.open(member('m1'), from('192.0.2.1'), fakeParts(closed)))!;
    members.release();
    const anonymous = (await sessions.open(null, from('203.0.113.9'), fakeParts(closed)))!;
    anonymous.release();
    // The member's is the least recently used, yet the unclaimed one makes room.
    expect(await sessions.open(null, from('203.0.113.9'), fakeParts(closed))).toBeDefined();
    expect(closed).toEqual([anonymous.id]);
    expect('found' in sessions.use(members.id, member('m1'))).toBe(true);
  });

  it('reads its limits from the settings', () => {
    expect(readSessionLimits({})).toEqual({ idleMs: 1_800_000, cap: 2_000, unclaimedPerAddress: 20 });
    expect(readSessionLimits({ MCP_SESSIONS_MAX: '6', MCP_UNCLAIMED_SESSIONS_PER_ADDRESS: '3' })).toMatchObject({ cap: 6, unclaimedPerAddress: 3 });
    expect(() => readSessionLimits({ MCP_UNCLAIMED_SESSIONS_PER_ADDRESS: '0' })).toThrow(/MCP_UNCLAIMED_SESSIONS_PER_ADDRESS/);
  });
});
