import { randomUUID } from 'node:crypto';

import { AppError, type Caller } from '@marketplace/contracts';
import { type ServiceEnv, serviceEnv } from '@marketplace/service-kit/edge';
import type { AuthInfo, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';

import { gatewaySettings } from '../gateway.settings.js';

/**
 * Sessions for 2025-era clients that can ask their human (elicitation declared at `initialize`).
 * Those revisions ask through a server→client request, which needs a connection the server can
 * write to while the tool call is open: a Streamable HTTP session whose tool calls answer as SSE,
 * the client's answer arriving as a separate POST naming the session. Every other 2025-era client
 * stays on the stateless per-request path. Sessions live in this gateway process only (replicas
 * need affinity on Mcp-Session-Id; see docs/operators.md): a session another replica never opened
 * answers 404, and the client initializes again.
 *
 * A session can be opened before sign-in, so one client address could open them by the thousand and
 * push out members' idle sessions. Before sign-in, an address may hold a few live sessions nobody
 * has signed in on yet (counted here, where the sessions are) and open a few a minute (counted by
 * identity in the kit's limits counter, so across replicas). Past either, or with every session
 * busy at the cap, the initialize is answered without a session, on the stateless path, as any
 * client without elicitation is: it keeps working, with explicit arguments instead of questions.
 * At the cap, an idle session nobody signed in on goes before a member's.
 */

/** What serves one session: the SDK transport and the Server connected to it. */
export interface SessionParts {
  transport: WebStandardStreamableHTTPServerTransport;
  server: { close(): Promise<void> };
}

interface Session extends SessionParts {
  /** The member and OAuth client that opened it; null until a signed-in request uses it. */
  owner: Owner | null;
  /** The client address that opened it. */
  address: string;
  lastUsed: number;
  /** Requests of this session still being answered (a tool call waiting for its human counts). */
  active: number;
}

interface Owner {
  memberId: string;
  clientId: string;
}

export type SessionLookup = { found: SessionParts; release: () => void } | { refused: 404 | 403; message: string };

export interface SessionLimits {
  /** A session unused this long is closed (its client initializes again). */
  idleMs: number;
  /** At most this many sessions at once; the least recently used idle one makes room. */
  cap: number;
  /** Live sessions nobody has signed in on yet, per client address. */
  unclaimedPerAddress: number;
}

/**
 * The idle time is longer than the longest wait for a human's answer (the consent question's 10
 * minutes); the rest are settings (docs/operators.md).
 */
export function readSessionLimits(env: ServiceEnv = serviceEnv()): SessionLimits {
  const settings = gatewaySettings.read(env);
  return { idleMs: 30 * 60_000, cap: settings.mcpSessionsMax, unclaimedPerAddress: settings.mcpUnclaimedSessionsPerAddress };
}

/** Who opens a session: the client address, and identity's count of sessions it opened this minute. */
export interface Opener {
  address: string;
  /** Counts one session opened before sign-in; throws the 429 once the address used its allowance. */
  admit(): Promise<void>;
}

const ownerOf = (caller: Caller | null): Owner | null => (caller ? { memberId: caller.memberId, clientId: caller.clientId ?? '' } : null);

/** An `initialize` from a client that can ask its human (form elicitation). */
function asksItsHuman(body: unknown): boolean {
  const message = body as { method?: unknown; params?: { capabilities?: { elicitation?: unknown } } } | null;
  const elicitation = message?.method === 'initialize' ? message.params?.capabilities?.elicitation : undefined;
  return typeof elicitation === 'object' && elicitation !== null;
}

export class McpSessions {
  /** In use order: the first entry is the least recently used. */
  private readonly sessions = new Map<string, Session>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly limits: SessionLimits = readSessionLimits()) {
    this.sweeper = setInterval(() => this.sweep(Date.now()), Math.min(60_000, limits.idleMs)).unref();
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Live sessions opened from this address that no signed-in caller has used yet. */
  unclaimedFrom(address: string): number {
    let n = 0;
    for (const session of this.sessions.values()) if (!session.owner && session.address === address) n += 1;
    return n;
  }

  /**
   * Opens a session for an `initialize` request: `connect` builds its transport with the given
   * session id generator. Before sign-in the address must be under its live and per-minute
   * allowances. Undefined when it is not, or when every session is busy at the cap (the client is
   * then served without a session and keeps the explicit arguments).
   */
  async open(
    caller: Caller | null,
    opener: Opener,
    connect: (sessionIdGenerator: () => string) => Promise<SessionParts>,
  ): Promise<(SessionParts & { id: string; release: () => void }) | undefined> {
    if (!caller) {
      if (this.unclaimedFrom(opener.address) >= this.limits.unclaimedPerAddress) return undefined;
      try {
        await opener.admit();
      } catch (err) {
        if (err instanceof AppError && err.status === 429) return undefined;
        throw err;
      }
    }
    if (this.sessions.size >= this.limits.cap && !this.evictIdle()) return undefined;
    const id = randomUUID();
    const parts = await connect(() => id);
    const session: Session = { ...parts, owner: ownerOf(caller), address: opener.address, lastUsed: Date.now(), active: 1 };
    this.sessions.set(id, session);
    return { ...parts, id, release: this.releaser(id, session) };
  }

  /**
   * The session a request names, for its caller only: an unknown or ended session is 404 (the
   * client initializes again, as the MCP transport says); another member's or agent's token is
   * refused. A session opened before sign-in belongs to the first signed-in caller that uses it.
   */
  use(id: string, caller: Caller | null): SessionLookup {
    const session = this.sessions.get(id);
    if (!session) return { refused: 404, message: 'Session not found: it ended or expired. Initialize again.' };
    const owner = ownerOf(caller);
    if (session.owner && (!owner || owner.memberId !== session.owner.memberId || owner.clientId !== session.owner.clientId)) {
      return { refused: 403, message: 'This session belongs to another sign-in. Initialize a session of your own.' };
    }
    session.owner ??= owner;
    session.lastUsed = Date.now();
    session.active += 1;
    // Most recently used last, so eviction finds the oldest first.
    this.sessions.delete(id);
    this.sessions.set(id, session);
    return { found: session, release: this.releaser(id, session) };
  }

  /**
   * Serves a 2025-era request in the session it names, or opens one for an `initialize` from a
   * client that declared elicitation. Undefined when the request is not a session's: it is served
   * without a session, as before. `release` is called once the answer (a stream) has ended.
   */
  async serve(
    request: Request,
    body: unknown,
    caller: Caller | null,
    authInfo: AuthInfo,
    opener: Opener,
    connect: (sessionIdGenerator: () => string) => Promise<SessionParts>,
  ): Promise<{ response: Response; release: () => void } | undefined> {
    const id = request.headers.get('mcp-session-id');
    let served: { transport: SessionParts['transport']; release: () => void } | undefined;
    if (id) {
      const used = this.use(id, caller);
      if ('refused' in used) {
        return {
          response: Response.json(
            { jsonrpc: '2.0', id: null, error: { code: used.refused === 404 ? -32001 : -32000, message: used.message } },
            { status: used.refused },
          ),
          release: () => {},
        };
      }
      served = { transport: used.found.transport, release: used.release };
    } else if (asksItsHuman(body)) {
      served = await this.open(caller, opener, connect);
    }
    if (!served) return undefined;
    try {
      return { response: await served.transport.handleRequest(request, { parsedBody: body, authInfo }), release: served.release };
    } catch (err) {
      served.release();
      throw err;
    }
  }

  /** Forgets a session its transport ended (DELETE). */
  forget(id: string): void {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    void session.server.close();
  }

  /** Closes every session (the gateway is stopping): their open streams end. */
  async closeAll(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((s) => s.server.close()));
  }

  /** Closes sessions idle past the limit that are not answering anything. */
  sweep(now: number): void {
    for (const [id, session] of this.sessions) {
      if (session.active === 0 && now - session.lastUsed >= this.limits.idleMs) this.forget(id);
    }
  }

  /** Makes room: the least recently used idle session nobody signed in on, else the least recently used idle one. */
  private evictIdle(): boolean {
    let oldestClaimed: string | undefined;
    for (const [id, session] of this.sessions) {
      if (session.active !== 0) continue;
      if (!session.owner) {
        this.forget(id);
        return true;
      }
      oldestClaimed ??= id;
    }
    if (oldestClaimed === undefined) return false;
    this.forget(oldestClaimed);
    return true;
  }

  private releaser(id: string, session: Session): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      session.active -= 1;
      session.lastUsed = Date.now();
      // An initialize the transport refused named no session: nothing to keep.
      if (session.transport.sessionId !== id && this.sessions.get(id) === session) this.forget(id);
    };
  }
}
