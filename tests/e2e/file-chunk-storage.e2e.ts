import { createHash, randomBytes } from 'node:crypto';

import { FILE_LIMITS, STAGING_PREFIX } from '@marketplace/contracts';
import { ObjectStorage } from '@marketplace/service-kit';
import { api, createMember, dbQuery, until } from '@marketplace/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const s3 = inject('s3');

const storage = new ObjectStorage(() => ({ ...s3, endpoint: new URL(s3.endpoint) }));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

afterAll(() => storage.close());

/**
 * Each chunk's bytes are written to storage once: the object the gateway staged becomes the chunk
 * (no copy), a retried chunk replaces it, a refused one leaves nothing behind, and the join
 * removes the chunks once the file is ready.
 */
describe('where uploaded chunks are kept', () => {
  it('the staged object is the chunk; a retry replaces it; refused and joined chunks leave no objects', async () => {
    const member = await createMember(nats);
    const data = randomBytes(FILE_LIMITS.chunkBytes + 1000);
    const parts = [data.subarray(0, FILE_LIMITS.chunkBytes), data.subarray(FILE_LIMITS.chunkBytes)];
    const created = await api(base, '/api/me/files', { key: member.key, body: { path: 'kept/once.bin', size: data.length, sha256: sha(data) } });
    expect(created.status).toBe(201);
    const id = created.body.file.id as string;
    const put = (i: number, body: Buffer, digest = sha(body)) =>
      fetch(`${base}/api/me/files/${id}/chunks/${i}?sha256=${digest}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(body),
      });
    const chunkKey = async (i: number) =>
      (await dbQuery<{ object_key: string }>(db, 'SELECT object_key FROM files.file_chunks WHERE file_id = $1 AND idx = $2', [id, i]))[0]?.object_key;
    const staged = async () => (await storage.list(STAGING_PREFIX)).length;

    expect((await put(0, parts[0]!)).status).toBe(200);
    const first = await chunkKey(0);
    expect(first?.startsWith(STAGING_PREFIX)).toBe(true);
    expect((await storage.stat(first!))?.size).toBe(parts[0]!.length);
    expect(await storage.list(`files/chunks/${id}/`)).toEqual([]);

    // The same bytes again (a retry after a lost answer): a fresh object, the old one removed.
    expect((await put(0, parts[0]!)).status).toBe(200);
    const second = await chunkKey(0);
    expect(second).not.toBe(first);
    expect((await storage.stat(second!))?.size).toBe(parts[0]!.length);
    await until(async () => (await storage.stat(first!)) === null, { what: 'the replaced chunk object removed' });

    // Other bytes for a received chunk are refused, and what the gateway staged for them goes.
    const before = await staged();
    expect((await put(0, randomBytes(FILE_LIMITS.chunkBytes))).status).toBe(409);
    expect(await chunkKey(0)).toBe(second);
    await until(async () => (await staged()) <= before, { what: 'the refused chunk removed' });

    expect((await put(1, parts[1]!)).status).toBe(200);
    const last = await chunkKey(1);
    const done = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    expect(done.body).toMatchObject({ status: 'ready', size: data.length });
    await until(async () => (await storage.stat(second!)) === null && (await storage.stat(last!)) === null, { what: 'the joined chunks removed' });
    const link = await api(base, `/api/me/files/${id}/download`, { key: member.key, method: 'POST' });
    const body = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    expect(sha(body)).toBe(sha(data));
  });
});

describe('a chunk whose object is gone', () => {
  it('complete names it (409 with nextIndex), keeps the others, and the file completes once it is sent again', async () => {
    const member = await createMember(nats);
    const data = randomBytes(FILE_LIMITS.chunkBytes * 2 + 500);
    const parts = [0, 1, 2].map((i) => data.subarray(i * FILE_LIMITS.chunkBytes, (i + 1) * FILE_LIMITS.chunkBytes));
    const created = await api(base, '/api/me/files', { key: member.key, body: { path: 'kept/lost.bin', size: data.length, sha256: sha(data) } });
    const id = created.body.file.id as string;
    const put = (i: number) =>
      fetch(`${base}/api/me/files/${id}/chunks/${i}?sha256=${sha(parts[i]!)}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' },
        body: parts[i]!,
      });
    for (const i of [0, 1, 2]) expect((await put(i)).status).toBe(200);
    // As when the gateway removed a staged chunk whose answer never came back after it was recorded.
    const [lost] = await dbQuery<{ object_key: string }>(db, 'SELECT object_key FROM files.file_chunks WHERE file_id = $1 AND idx = 1', [id]);
    await storage.remove(lost!.object_key);

    const complete = () => api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    const refused = await complete();
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: expect.stringMatching(/Chunk 1 was lost/), fields: { nextIndex: '1' } });
    const listed = (await api(base, '/api/me/files', { key: member.key })).body.files.find((f: { id: string }) => f.id === id);
    expect(listed).toMatchObject({ status: 'uploading', received: data.length - parts[1]!.length });

    expect((await put(1)).status).toBe(200);
    expect((await complete()).body).toMatchObject({ status: 'ready', size: data.length });
    const link = await api(base, `/api/me/files/${id}/download`, { key: member.key, method: 'POST' });
    expect(sha(Buffer.from(await (await fetch(link.body.url)).arrayBuffer()))).toBe(sha(data));
  });
});
