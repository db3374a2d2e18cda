import { randomUUID } from 'node:crypto';

import { AppError, type Caller } from '@marketplace/contracts';
import { type HandlerContext, limitBuckets } from '@marketplace/service-kit';
import { openServiceSchema, type ServiceSchema } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { CallerStanding } from './admission/caller-standing.js';
import { identityEntities, identityMigrations } from './identity.entities.js';
import { AuthenticateOAuthHandler } from './oauth/authenticate-oauth.handler.js';
import type { PhotoStore } from './photos/photo-store.js';
import { UploadMyPhotoHandler } from './photos/upload-my-photo.handler.js';
import { MAX_LIVE_SESSIONS, SessionStore } from './sessions/session-store.js';
import type { SignUpState } from './sign-up/sign-up-state.js';

/**
 * Medium: identity's remaining limits against a real identity schema: MCP requests
 * per member and connected agent, photo uploads per member, and live browser sessions per member.
 */
const standing = {
  of: async () => ({ staff: false, emailVerified: true, admitted: true, signUpPending: false }),
} as unknown as CallerStanding;

function sessionCtx(memberId: string): HandlerContext {
  const caller: Caller = { memberId, via: 'session', scopes: ['agent:read', 'agent:write'], staff: false, emailVerified: true };
  return { requestId: randomUUID(), caller, surface: 'rest' };
}

async function refusal(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** Fills a per-clock-minute counter for this minute and the next, so the test never depends on when it runs. */
async function fillCounter(db: ServiceSchema, bucket: string, subject: string, count: number): Promise<void> {
  await db.query(
    `INSERT INTO limit_attempts (bucket, subject, at, count, expires_at)
     SELECT $1, $2, m, $3, m + interval '2 minutes'
     FROM (VALUES (date_trunc('minute', now())), (date_trunc('minute', now()) + interval '1 minute')) AS w(m)
     ON CONFLICT (bucket, subject, at) DO UPDATE SET count = EXCLUDED.count`,
    [bucket, subject, count],
  );
}

describe('identity limits, against a real identity schema', () => {
  let db: ServiceSchema;

  beforeAll(async () => {
    db = await openServiceSchema({ entities: identityEntities, migrations: identityMigrations, label: 'identity_limits' });
  }, 60_000);
  afterAll(async () => {
    await db?.drop();
  }, 60_000);

  async function member(): Promise<string> {
    const id = randomUUID();
    await db.query('INSERT INTO members (id, email, name) VALUES ($1, $2, $3)', [id, `${id}@example.test`, 'Ann']);
    return id;
  }

  async function grant(memberId: string, clientId: string): Promise<string> {
    const id = `grant-${randomUUID()}`;
    await db.query(`INSERT INTO oauth_records (model, id, payload) VALUES ('Grant', $1, $2::jsonb)`, [id, JSON.stringify({ clientId, accountId: memberId })]);
    return id;
  }

  describe('OAuth (MCP) requests per member and connected agent', () => {
    const bucket = limitBuckets().oauthRequests;
    const counted = async (subject: string) =>
      (
        await db.query<{ n: number }>('SELECT coalesce(sum(count), 0)::int AS n FROM limit_attempts WHERE bucket = $1 AND subject = $2', [bucket.name, subject])
      )[0]!.n;

    it('counts each request and answers 429 with Retry-After past the limit; other agents and members are unaffected', async () => {
      const handler = new AuthenticateOAuthHandler(db.ds, standing);
      const memberId = await member();
      const [clientA, clientB] = [`client-${randomUUID()}`, `client-${randomUUID()}`];
      const [grantA, grantB] = [await grant(memberId, clientA), await grant(memberId, clientB)];
      const as = (grantId: string, clientId: string) => handler.handle({ grantId, clientId, memberId, scopes: ['agent:read'] });

      expect(await as(grantA, clientA)).toMatchObject({ memberId, via: 'oauth', clientId: clientA });
      // The member comes first in the subject, so account deletion (forgetAttempts) drops it.
      expect(await counted(`${memberId}:${clientA}`)).toBe(1);
      await fillCounter(db, bucket.name, `${memberId}:${clientA}`, bucket.window.max);

      const err = await refusal(as(grantA, clientA));
      expect(err.status).toBe(429);
      expect(err.message).toBe(bucket.window.message);
      expect(err.extra.retryAfter).toBeGreaterThanOrEqual(1);
      expect(err.extra.retryAfter).toBeLessThanOrEqual(60);
      // The same member through another agent, and another member, still get through.
      await as(grantB, clientB);
      const other = await member();
      await handler.handle({ grantId: await grant(other, clientA), clientId: clientA, memberId: other, scopes: [] });
    });

    it('a token whose grant is gone is 401 and counts nothing', async () => {
      const handler = new AuthenticateOAuthHandler(db.ds, standing);
      const memberId = await member();
      const clientId = `client-${randomUUID()}`;
      const err = await refusal(handler.handle({ grantId: 'grant-gone', clientId, memberId, scopes: [] }));
      expect(err.status).toBe(401);
      expect(await counted(`${memberId}:${clientId}`)).toBe(0);
    });
  });

  it('photo uploads per member: past the hourly limit, 429 with Retry-After before the image is read', async () => {
    const max = limitBuckets().photoUploads.windows[0]!.max;
    let reads = 0;
    // Every upload is unreadable: the attempt still counts (decoding is the work being limited).
    const photos = {
      readUpload: async () => {
        reads++;
        throw AppError.badRequest('Not an image.');
      },
    } as unknown as PhotoStore;
    const handler = new UploadMyPhotoHandler(db.uow, {} as SignUpState, photos, db.ds);
    const memberId = await member();
    const upload = (who: string) => handler.handle({ image: 'staged/photo' } as never, sessionCtx(who));
    for (let i = 0; i < max; i++) expect((await refusal(upload(memberId))).status).toBe(400);
    const err = await refusal(upload(memberId));
    expect(err.status).toBe(429);
    expect(err.message).toMatch(new RegExp(`${max} photos per hour`));
    expect(err.extra.retryAfter).toBeGreaterThan(3500);
    expect(reads).toBe(max);
    expect((await refusal(upload(await member()))).status).toBe(400);
  });

  it(`browser sessions: at most ${MAX_LIVE_SESSIONS} live per member; one more ends the oldest`, async () => {
    const store = new SessionStore(db.ds, standing);
    const memberId = await member();
    const tokens: string[] = [];
    for (let i = 0; i < MAX_LIVE_SESSIONS + 3; i++) tokens.push((await store.start(memberId, 'spec')).token);
    // And sign-ins at the same moment stop at the cap too.
    const parallel = await Promise.all(Array.from({ length: 8 }, () => store.start(memberId, 'spec')));
    const live = async () =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1 AND expires_at > now()', [memberId]))[0]!.n;
    expect(await live()).toBe(MAX_LIVE_SESSIONS);
    // The oldest ended; the newest sequential one and every parallel one still work.
    for (const t of tokens.slice(0, 11)) expect(await store.authenticate(t)).toBeNull();
    expect(await store.authenticate(tokens.at(-1)!)).toMatchObject({ caller: { memberId } });
    for (const p of parallel) expect(await store.authenticate(p.token)).not.toBeNull();
    // Another member's sessions are untouched.
    const other = await member();
    const kept = await store.start(other, 'spec');
    expect(await store.authenticate(kept.token)).not.toBeNull();
  });

  it('browser sessions: requests per session and clock minute are limited like API keys (429, Retry-After)', async () => {
    const store = new SessionStore(db.ds, standing);
    const memberId = await member();
    const { token } = await store.start(memberId, 'spec');
    const other = await store.start(memberId, 'spec');
    const [session] = await db.query<{ id: string }>('SELECT id FROM sessions WHERE member_id = $1 ORDER BY created_at LIMIT 1', [memberId]);
    const bucket = limitBuckets().sessionRequests;
    expect(await store.authenticate(token)).not.toBeNull();
    await fillCounter(db, bucket.name, `${memberId}:${session!.id}`, bucket.window.max);
    const err = await refusal(store.authenticate(token));
    expect(err.status).toBe(429);
    expect(err.extra.retryAfter).toBeGreaterThan(0);
    // The member's other session counts on its own.
    expect(await store.authenticate(other.token)).not.toBeNull();
  });
});
