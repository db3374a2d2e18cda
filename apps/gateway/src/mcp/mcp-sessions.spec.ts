import { afterEach, describe, expect, it } from 'vitest';
import type { Caller } from '@marketplace/contracts';
import { McpSessions, type SessionParts } from './mcp-sessions.js';

const member = (memberId: string, clientId = 'agent-1'): Caller =>
  ({ memberId, clientId, via: 'oauth', scopes: ['agent:write'], staff: false, emailVerified: true }) as Caller;

/** A session's transport and server as far as the store sees them: an id once initialized, a close. */
function fakeParts(closed: string[]): (generate: () => string) => Promise<SessionParts> {
  return async (generate) => {
    const id = generate();
    const transport = { sessionId: id } as SessionParts['transport'];
    return { transport, server: { close: async () => { closed.push(id); } } };
  };
}

describe('MCP sessions (2025-era clients that can ask their human)', () => {
  let sessions: McpSessions;
  afterEach(async () => sessions.closeAll());

  /** A store with two sessions of two members, both still answering their initialize. */
  async function twoOpen(cap: number) {
    sessions = new McpSessions({ idleMs: 60_000, cap });
    const closed: string[] = [];
    const first = (await sessions.open(member('m1'), fakeParts(closed)))!;
    const second = (await sessions.open(member('m2'), fakeParts(closed)))!;
    return { closed, first, second };
  }

  it('serves a session to the member and agent that opened it only', async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 10 });
    const opened = (await sessions.open(member('m1'), fakeParts([])))!;
    opened.release();
    const own = sessions.use(opened.id, member('m1'));
    expect('found' in own).toBe(true);
    expect(sessions.use(opened.id, member('m2'))).toMatchObject({ refused: 403 });
    expect(sessions.use(opened.id, member('m1', 'agent-2'))).toMatchObject({ refused: 403 });
    expect(sessions.use(opened.id, null)).toMatchObject({ refused: 403 });
    expect(sessions.use('unknown', member('m1'))).toMatchObject({ refused: 404 });
  });

  it('gives a session opened before sign-in to the first signed-in caller', async () => {
    sessions = new McpSessions({ idleMs: 60_000, cap: 10 });
    const opened = (await sessions.open(null, fakeParts([])))!;
    expect('found' in sessions.use(opened.id, member('m1'))).toBe(true);
    expect(sessions.use(opened.id, member('m2'))).toMatchObject({ refused: 403 });
  });

  it('closes sessions idle past the limit, never one still answering', async () => {
    sessions = new McpSessions({ idleMs: 1_000, cap: 10 });
    const closed: string[] = [];
    const idle = (await sessions.open(member('m1'), fakeParts(closed)))!;
    idle.release();
    const busy = (await sessions.open(member('m1'), fakeParts(closed)))!;
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
    const third = (await sessions.open(member('m3'), fakeParts(closed)))!;
    expect(closed).toEqual([second.id]);
    expect(await sessions.open(member('m4'), fakeParts(closed))).toMatchObject({ id: expect.any(String) });
    expect(closed).toEqual([second.id, first.id]);
    expect(await sessions.open(member('m5'), fakeParts(closed))).toBeUndefined();
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
    sessions = new McpSessions({ idleMs: 60_000, cap: 10 });
    const closed: string[] = [];
    const opened = (await sessions.open(member('m1'), async () => ({
      transport: { sessionId: undefined } as SessionParts['transport'], server: { close: async () => { closed.push('refused'); } },
    })))!;
    opened.release();
    expect(sessions.size).toBe(0);
    expect(closed).toEqual(['refused']);
  });
});
