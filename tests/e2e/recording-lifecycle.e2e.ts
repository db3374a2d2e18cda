import { request } from 'node:http';

import { memberDeletedV1, STAGING_PREFIX } from '@marketplace/contracts';
import { ObjectStorage } from '@marketplace/service-kit';
import { api, createMember, dbQuery, type TestMember, until } from '@marketplace/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';

import { publishEvent } from './support/bus.js';
import { holder, newDraft, putPart, recordLink, recordOne, sha } from './support/recordings.js';

/**
 * Recordings have a lifecycle: a member's recordings hold at most a quota of bytes; the record
 * token is checked before a part's body is stored; and what no longer belongs anywhere (a
 * superseded recording, the recordings of a discarded draft or a deleted account, an upload
 * abandoned past its link's hour) is deleted from storage by the drafts service's periodic sweep
 * (RECORDING_SWEEP_SECONDS is 1 in these tests). Storage is read through the run's S3 endpoint.
 */

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const s3 = inject('s3');
const storage = new ObjectStorage(() => ({ ...s3, endpoint: new URL(s3.endpoint) }));
afterAll(() => storage.close());

const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });

interface StoredRow {
  parts: { key: string }[];
  video_key: string | null;
}

/** Every object a recording's row names, and its joined video's own key (written before it is recorded). */
async function objectsOf(id: string): Promise<string[]> {
  const [row] = await dbQuery<StoredRow>(db, 'SELECT parts, video_key FROM drafts.draft_recordings WHERE id = $1', [id]);
  expect(row, `recording ${id} has a row`).toBeDefined();
  return [...new Set([...row!.parts.map((p) => p.key), ...(row!.video_key ? [row!.video_key] : [])])];
}

async function present(keys: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) if (await storage.stat(key)) found.push(key);
  return found;
}

async function allGone(keys: readonly string[], what: string): Promise<void> {
  expect(keys.length).toBeGreaterThan(0);
  await until(async () => (await present(keys)).length === 0, { timeoutMs: 30_000, intervalMs: 250, what });
}

const rowCount = async (id: string) => (await dbQuery(db, 'SELECT 1 FROM drafts.draft_recordings WHERE id = $1', [id])).length;

describe('recording lifecycle', () => {
  it('refuses a part with a bad token before its body is stored', async () => {
    const member = await createMember(nats);
    const { token } = await recordLink(member, await newDraft(member));
    const started = await holder(token, '/api/recordings', 'POST', {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const before = new Set(await storage.list(STAGING_PREFIX));

    const bytes = Buffer.alloc(256 * 1024, 7);
    const refused = await putPart('not-the-token-of-any-link', started.body.id, 0, bytes);
    expect(refused.status, JSON.stringify(refused.body)).toBe(401);
    const noToken = await fetch(`${base}/api/recordings/${started.body.id}/parts/0?sha256=${sha(bytes)}`, {
      method: 'PUT',
      headers: { 'content-type': 'video/webm' },
      body: bytes,
    });
    expect(noToken.status).toBe(401);
    // A live token for another draft's recording is no better: 404, nothing stored either.
    const other = await recordLink(member, await newDraft(member));
    expect((await putPart(other.token, started.body.id, 0, bytes)).status).toBe(404);

    const added = (await storage.list(STAGING_PREFIX)).filter((key) => !before.has(key));
    expect(added).toEqual([]);
    // The right token still works, and its part is the one object this recording holds.
    expect((await putPart(token, started.body.id, 0, bytes)).status).toBe(200);
    expect(await present(await objectsOf(started.body.id))).toHaveLength(1);
  });

  it('answers a bad token for a part whose body never finishes: the token is checked before the body is read', async () => {
    const member = await createMember(nats);
    const { token } = await recordLink(member, await newDraft(member));
    const started = await holder(token, '/api/recordings', 'POST', {});
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    // A gateway that stored the body first would wait for the rest of it (minutes); one that checks
    // the token first answers once it gives up draining what was sent.
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        `${base}/api/recordings/${started.body.id}/parts/0?sha256=${'0'.repeat(64)}`,
        {
          method: 'PUT',
          headers: { 'x-recording-token': 'not-the-token-of-any-link', 'content-type': 'video/webm', 'content-length': String(1024 * 1024) },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
          req.destroy();
        },
      );
      req.on('error', (err) => reject(err));
      req.write(Buffer.alloc(64 * 1024, 1));
    });
    expect(status).toBe(401);
  });

  it("refuses a part past the member's recording quota with 409 naming it, and lists the quota in the session", async () => {
    const member = await createMember(nats);
    const { token } = await recordLink(member, await newDraft(member));
    const session = await holder(token, '/api/recordings/session');
    expect(session.status).toBe(200);
    const { quotaBytes, usedBytes } = session.body.limits;
    expect(quotaBytes).toBe(2 * 1024 ** 3);
    expect(usedBytes).toBe(0);

    const earlier = (await holder(token, '/api/recordings', 'POST', {})).body.id as string;
    expect((await putPart(token, earlier, 0, Buffer.from('first part'))).status).toBe(200);
    // Stands in for gigabytes already recorded: an earlier recording's part says it holds nearly the whole quota.
    await dbQuery(db, `UPDATE drafts.draft_recordings SET parts = jsonb_set(parts, '{0,size}', to_jsonb($2::bigint)) WHERE id = $1`, [
      earlier,
      quotaBytes - 100,
    ]);
    expect((await holder(token, '/api/recordings/session')).body.limits.usedBytes).toBe(quotaBytes - 100);

    const id = (await holder(token, '/api/recordings', 'POST', {})).body.id as string;
    const before = new Set(await storage.list(STAGING_PREFIX));
    const over = await putPart(token, id, 0, Buffer.alloc(101, 1));
    expect(over.status, JSON.stringify(over.body)).toBe(409);
    expect(over.body.error).toMatch(/recording quota/);
    expect(over.body.error).toContain(String(quotaBytes));
    expect((await storage.list(STAGING_PREFIX)).filter((key) => !before.has(key))).toEqual([]);
    // What still fits is taken.
    expect((await putPart(token, id, 0, Buffer.alloc(100, 1))).status).toBe(200);
  });

  it("deletes a superseded recording's objects once a new recording completes", async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    const first = await recordOne(token);
    const firstObjects = await objectsOf(first);
    expect(await present(firstObjects)).toEqual(firstObjects);

    const second = await recordOne(token);
    expect(await rowCount(first)).toBe(0);
    await allGone([...firstObjects, `recordings/${first}.webm`, `recordings/${first}.mp4`], "the superseded recording's objects removed");
    const secondObjects = await objectsOf(second);
    expect(await present(secondObjects)).toEqual(secondObjects);
    expect((await call(member, `/api/me/job-drafts/${draftId}`)).body.recording).toMatchObject({ id: second });
  });

  it('deletes the recordings of a discarded draft', async () => {
    const member = await createMember(nats);
    const draftId = await newDraft(member);
    const { token } = await recordLink(member, draftId);
    const id = await recordOne(token);
    const objects = await objectsOf(id);
    expect(await present(objects)).toEqual(objects);

    const discarded = await call(member, `/api/me/job-drafts/${draftId}`, 'DELETE');
    expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
    await until(async () => (await rowCount(id)) === 0, { timeoutMs: 30_000, intervalMs: 250, what: "the discarded draft's recording row deleted" });
    await allGone([...objects, `recordings/${id}.webm`, `recordings/${id}.mp4`], "the discarded draft's recording objects removed");
  });

  it('deletes the recordings of a deleted account from storage', async () => {
    const member = await createMember(nats);
    const { token } = await recordLink(member, await newDraft(member));
    const id = await recordOne(token);
    const objects = await objectsOf(id);
    expect(await present(objects)).toEqual(objects);
    await publishEvent(nats, memberDeletedV1, { memberId: member.id, deletedAt: new Date().toISOString() });
    await allGone([...objects, `recordings/${id}.webm`, `recordings/${id}.mp4`], "the deleted account's recording objects removed");
  });

  it("sweeps an upload abandoned for longer than its link's hour, parts and row", async () => {
    const member = await createMember(nats);
    const { token } = await recordLink(member, await newDraft(member));
    const started = await holder(token, '/api/recordings', 'POST', {});
    const id = started.body.id as string;
    expect((await putPart(token, id, 0, Buffer.from('part zero'))).status).toBe(200);
    expect((await putPart(token, id, 1, Buffer.from('part one'))).status).toBe(200);
    const objects = await objectsOf(id);
    expect(objects).toHaveLength(2);

    // Another upload of the same member, still within its hour, stays.
    const fresh = await holder(token, '/api/recordings', 'POST', {});
    expect((await putPart(token, fresh.body.id, 0, Buffer.from('still recording'))).status).toBe(200);
    const freshObjects = await objectsOf(fresh.body.id);

    await dbQuery(
      db,
      `UPDATE drafts.draft_recordings SET created_at = now() - interval '61 minutes', updated_at = now() - interval '61 minutes' WHERE id = $1`,
      [id],
    );
    await until(async () => (await rowCount(id)) === 0, { timeoutMs: 30_000, intervalMs: 250, what: 'the abandoned upload swept' });
    await allGone(objects, "the abandoned upload's parts removed");
    expect((await holder(token, `/api/recordings/${id}`)).status).toBe(404);
    expect(await rowCount(fresh.body.id)).toBe(1);
    expect(await present(freshObjects)).toEqual(freshObjects);
  });
});
