import { createHash, randomBytes, randomUUID } from 'node:crypto';

import { DOWNLOAD_LINK_SECONDS, FILE_LIMITS } from '@marketplace/contracts';
import { ObjectStorage } from '@marketplace/service-kit';
import { api, createMember, dbQuery, mcp, type TestMember, toolError, toolResult, until } from '@marketplace/testing';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const s3 = inject('s3');

/** The run's object storage, as the files service sees it. */
const storage = new ObjectStorage(() => ({ ...s3, endpoint: new URL(s3.endpoint) }));

/**
 * A file in a state the upload path would leave it in: its row in the files schema and, when
 * ready, its object at files/objects/<id>. Downloads and previews only read these, so the test
 * does not depend on how the bytes arrived.
 */
async function storedFile(owner: TestMember, path: string, bytes: Buffer, status: 'uploading' | 'ready' | 'deleting' = 'ready'): Promise<string> {
  const id = randomUUID();
  const objectKey = status === 'uploading' ? null : `files/objects/${id}`;
  if (objectKey) await storage.put(objectKey, bytes, 'application/octet-stream');
  await dbQuery(
    db,
    `INSERT INTO files.files
      (id, area, owner_id, folder, hire_id, uploader_id, path, size, sha256, chunk_bytes, received, status, object_key,
       completed_at, upload_expires_at)
    VALUES ($1, 'personal', $2, NULL, NULL, $2, $3, $4, $5, $6, $7, $8, $9, $10, now() + interval '10 minutes')`,
    [
      id,
      owner.id,
      path,
      bytes.length,
      createHash('sha256').update(bytes).digest('hex'),
      FILE_LIMITS.chunkBytes,
      status === 'uploading' ? 0 : bytes.length,
      status,
      objectKey,
      status === 'uploading' ? null : new Date(),
    ],
  );
  return id;
}

async function link(member: TestMember, fileId: string) {
  return api(base, `/api/me/files/${fileId}/download`, { key: member.key, method: 'POST' });
}

async function get(url: string, headers: Record<string, string> = {}): Promise<{ res: Response; bytes: Buffer }> {
  const res = await fetch(url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function preview(member: TestMember, fileId: string) {
  return api(base, `/api/me/files/${fileId}/preview`, { key: member.key });
}

/** Asks until the worker has made the preview (the first answers say it is still being made). */
async function madePreview(member: TestMember, fileId: string) {
  return until(
    async () => {
      const res = await preview(member, fileId);
      expect(res.status).toBe(200);
      return /still being made/.test(res.body.reason ?? '') ? undefined : res.body;
    },
    { what: `the preview of ${fileId}` },
  );
}

function noisyPng(width: number, height: number): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

let owner: TestMember;
let stranger: TestMember;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createMember(nats, { name: 'File Owner' }), createMember(nats, { name: 'File Stranger' })]);
});
afterAll(() => storage.close());

describe('downloadMyFile on REST', () => {
  const small = randomBytes(300_000);
  let fileId: string;
  beforeAll(async () => {
    fileId = await storedFile(owner, 'reports/q1 summary.bin', small);
  });

  it('a small ready file gets a proxied bearer link that serves its bytes, valid five minutes', async () => {
    const res = await link(owner, fileId);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      url: expect.stringMatching(/\/api\/files\/downloads\/[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
      path: 'reports/q1 summary.bin',
      size: small.length,
      proxied: true,
    });
    const lifetime = Date.parse(res.body.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan((DOWNLOAD_LINK_SECONDS - 30) * 1000);
    expect(lifetime).toBeLessThanOrEqual(DOWNLOAD_LINK_SECONDS * 1000);
    // A bearer link: no credentials needed.
    const { res: got, bytes } = await get(res.body.url);
    expect(got.status).toBe(200);
    expect(bytes.equals(small)).toBe(true);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-length')).toBe(String(small.length));
    expect(got.headers.get('accept-ranges')).toBe('bytes');
    expect(got.headers.get('x-content-type-options')).toBe('nosniff');
    expect(got.headers.get('content-disposition')).toBe(`attachment; filename="q1 summary.bin"; filename*=UTF-8''q1%20summary.bin`);
    expect(got.headers.get('cache-control')).toMatch(/no-store/);
  });

  it('Range: 206 with Content-Range for a-b, a- and -n; 416 past the end', async () => {
    const { url } = (await link(owner, fileId)).body;
    const part = await get(url, { range: 'bytes=1000-1999' });
    expect(part.res.status).toBe(206);
    expect(part.res.headers.get('content-range')).toBe(`bytes 1000-1999/${small.length}`);
    expect(part.res.headers.get('content-length')).toBe('1000');
    expect(part.bytes.equals(small.subarray(1000, 2000))).toBe(true);
    const rest = await get(url, { range: `bytes=${small.length - 10}-` });
    expect(rest.res.status).toBe(206);
    expect(rest.bytes.equals(small.subarray(small.length - 10))).toBe(true);
    const tail = await get(url, { range: 'bytes=-5' });
    expect(tail.res.status).toBe(206);
    expect(tail.bytes.equals(small.subarray(small.length - 5))).toBe(true);
    const over = await get(url, { range: `bytes=${small.length}-` });
    expect(over.res.status).toBe(416);
    expect(over.res.headers.get('content-range')).toBe(`bytes */${small.length}`);
    expect(JSON.parse(over.bytes.toString()).error).toEqual(expect.any(String));
  });

  it('a file over 4 MiB gets a presigned link straight to storage that works (Range too)', async () => {
    const large = randomBytes(FILE_LIMITS.proxyBytes + 1024);
    const id = await storedFile(owner, 'big/archive.bin', large);
    const res = await link(owner, id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ proxied: false, size: large.length, path: 'big/archive.bin' });
    expect(res.body.url.startsWith(s3.endpoint)).toBe(true);
    expect(res.body.url).toMatch(/X-Amz-Expires=300\b/);
    const { res: got, bytes } = await get(res.body.url);
    expect(got.status).toBe(200);
    expect(bytes.equals(large)).toBe(true);
    const part = await get(res.body.url, { range: 'bytes=5-9' });
    expect(part.res.status).toBe(206);
    expect(part.bytes.equals(large.subarray(5, 10))).toBe(true);
  });

  it("another member's file is 404; an uploading or deleting file 409; no credentials 401", async () => {
    expect((await link(stranger, fileId)).status).toBe(404);
    expect((await link(owner, randomUUID())).status).toBe(404);
    expect((await link(owner, 'not-a-uuid')).status).toBe(404);
    const uploading = await storedFile(owner, 'half.bin', randomBytes(10), 'uploading');
    const conflict = await link(owner, uploading);
    expect(conflict.status).toBe(409);
    expect(conflict.body.error).toMatch(/not complete/);
    const deleting = await storedFile(owner, 'going.bin', randomBytes(10), 'deleting');
    expect((await link(owner, deleting)).status).toBe(409);
    expect((await api(base, `/api/me/files/${fileId}/download`, { method: 'POST' })).status).toBe(401);
  });

  it("a closed area (the member's account was deleted) is 409", async () => {
    const closed = await createMember(nats, { name: 'Closed Area' });
    const id = await storedFile(closed, 'kept.bin', randomBytes(10));
    await dbQuery(db, 'INSERT INTO files.closed_members (member_id) VALUES ($1)', [closed.id]);
    const res = await link(closed, id);
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/closed/);
  });

  it('a forged token is 404, a malformed one 400, an expired one 404, a deleted file stops its links', async () => {
    const { url } = (await link(owner, fileId)).body;
    const token = url.split('/').pop()!;
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const bad = await get(`${base}/api/files/downloads/${forged}`);
    expect(bad.res.status).toBe(404);
    expect(JSON.parse(bad.bytes.toString()).error).toMatch(/not valid or has expired/);
    expect((await get(`${base}/api/files/downloads/short`)).res.status).toBe(400);
    // The database holds only the token's hash.
    const hash = createHash('sha256').update(token).digest('hex');
    expect(await dbQuery(db, 'SELECT 1 FROM files.download_grants WHERE token_hash = $1', [hash])).toHaveLength(1);
    expect(await dbQuery(db, 'SELECT 1 FROM files.download_grants WHERE token_hash = $1', [token])).toHaveLength(0);
    await dbQuery(db, "UPDATE files.download_grants SET expires_at = now() - interval '1 second' WHERE token_hash = $1", [hash]);
    expect((await get(url)).res.status).toBe(404);

    const other = await storedFile(owner, 'soon-deleted.bin', randomBytes(100));
    const live = (await link(owner, other)).body.url;
    expect((await get(live)).res.status).toBe(200);
    await dbQuery(db, "UPDATE files.files SET status = 'deleting' WHERE id = $1", [other]);
    expect((await get(live)).res.status).toBe(404);
  });

  it('OpenAPI documents the download link and the bytes route', async () => {
    const doc = (await api(base, '/api/openapi.json')).body;
    expect(doc.paths['/api/me/files/{fileId}/download'].post).toBeDefined();
    expect(doc.paths['/api/me/files/{fileId}/preview'].get).toBeDefined();
    expect(doc.paths['/api/files/downloads/{token}'].get).toBeDefined();
  });
});

describe('previewMyFile on REST', () => {
  it('a PNG gets a small PNG preview that decodes, fitted within 512x512', async () => {
    const png = await noisyPng(700, 350);
    expect(png.length).toBeLessThan(FILE_LIMITS.previewBytes);
    const id = await storedFile(owner, 'pictures/wide.png', png);
    const first = await preview(owner, id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ fileId: id, path: 'pictures/wide.png' });
    const made = await madePreview(owner, id);
    expect(made).toMatchObject({ kind: 'image', fileId: id, path: 'pictures/wide.png', mimeType: 'image/png' });
    const data = Buffer.from(made.data, 'base64');
    const meta = await sharp(data).metadata();
    expect(meta.format).toBe('png');
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(512);
    expect(made.data.length).toBeLessThan(1_048_576);
    const [row] = await dbQuery<{ kind: string; object_key: string }>(db, 'SELECT kind, object_key FROM files.file_previews WHERE file_id = $1', [id]);
    expect(row).toEqual({ kind: 'image', object_key: `files/previews/${id}` });
  });

  it('a JPEG gets a JPEG preview', async () => {
    const jpeg = await sharp(randomBytes(300 * 200 * 3), { raw: { width: 300, height: 200, channels: 3 } })
      .jpeg()
      .toBuffer();
    const made = await madePreview(owner, await storedFile(owner, 'photo.jpg', jpeg));
    expect(made).toMatchObject({ kind: 'image', mimeType: 'image/jpeg' });
    expect(await sharp(Buffer.from(made.data, 'base64')).metadata()).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  });

  it('a GIF, an animated image, a too-large or too-wide image and a non-image are unavailable with the reason', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
      .gif()
      .toBuffer();
    expect(await madePreview(owner, await storedFile(owner, 'anim.gif', gif))).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/only for PNG and JPEG/),
    });
    // An APNG: a still PNG with an acTL chunk (the animation control) before its image data.
    const still = await noisyPng(8, 8);
    const ihdrEnd = 8 + 12 + still.readUInt32BE(8);
    const acTL = Buffer.alloc(20);
    acTL.writeUInt32BE(8, 0);
    acTL.write('acTL', 4, 'latin1');
    acTL.writeUInt32BE(2, 8);
    const apng = Buffer.concat([still.subarray(0, ihdrEnd), acTL, still.subarray(ihdrEnd)]);
    expect(await madePreview(owner, await storedFile(owner, 'moving.png', apng))).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/Animated/),
    });
    const big = await noisyPng(700, 700);
    expect(big.length).toBeGreaterThan(FILE_LIMITS.previewBytes);
    const tooBig = await preview(owner, await storedFile(owner, 'big.png', big));
    expect(tooBig.body).toMatchObject({ kind: 'unavailable', reason: `The image is over ${FILE_LIMITS.previewBytes} bytes.` });
    const wide = await sharp({ create: { width: 8193, height: 1, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect(await madePreview(owner, await storedFile(owner, 'wide.png', wide))).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/8192 pixels on a side/),
    });
    expect(await madePreview(owner, await storedFile(owner, 'notes.txt', Buffer.from('hello')))).toMatchObject({
      kind: 'unavailable',
      reason: expect.stringMatching(/only for PNG and JPEG/),
    });
  });

  it('an uploading file is unavailable (not ready); a stranger gets 404', async () => {
    const id = await storedFile(owner, 'later.png', await noisyPng(4, 4), 'uploading');
    expect((await preview(owner, id)).body).toMatchObject({ kind: 'unavailable', reason: expect.stringMatching(/not complete/) });
    expect((await preview(stranger, id)).status).toBe(404);
  });
});

describe('downloads and previews over MCP', () => {
  let token: string;
  beforeAll(async () => {
    token = await mcpToken(owner);
  }, 60_000);

  it('download_my_file returns a working link; preview_my_file a decodable image', async () => {
    const bytes = randomBytes(5000);
    const id = await storedFile(owner, 'mcp/data.bin', bytes);
    const answer = await mcp(base, 'tools/call', { name: 'download_my_file', arguments: { file_id: id } }, token);
    const result = toolResult(answer);
    expect(result).toMatchObject({ proxied: true, size: 5000, path: 'mcp/data.bin' });
    expect((await get(result.url)).bytes.equals(bytes)).toBe(true);
    // The link is also a resource link, so a client need not parse the result to fetch the file.
    expect(answer.body.result.content).toContainEqual(expect.objectContaining({ type: 'resource_link', uri: result.url, name: 'mcp/data.bin' }));

    const png = await noisyPng(64, 32);
    const pngId = await storedFile(owner, 'mcp/pic.png', png);
    const shown = await until(
      async () => {
        const r = toolResult(await mcp(base, 'tools/call', { name: 'preview_my_file', arguments: { file_id: pngId } }, token));
        return r.kind === 'image' ? r : undefined;
      },
      { what: 'the MCP preview' },
    );
    expect(await sharp(Buffer.from(shown.data, 'base64')).metadata()).toMatchObject({ format: 'png', width: 64, height: 32 });
  });

  it("another member's file is the same 404 over MCP", async () => {
    const id = await storedFile(stranger, 'private.bin', randomBytes(10));
    const err = toolError(await mcp(base, 'tools/call', { name: 'download_my_file', arguments: { file_id: id } }, token));
    expect(err.status).toBe(404);
  });
});

describe('cleanup of a deleted file', () => {
  it('removes its chunks, object and preview from storage, then its rows', async () => {
    const png = await noisyPng(40, 40);
    const id = await storedFile(owner, 'to-clean.png', png);
    expect((await madePreview(owner, id)).kind).toBe('image');
    const chunkKeys = [0, 1, 2].map((i) => `files/chunks/${id}/${i}`);
    for (const [i, key] of chunkKeys.entries()) {
      await storage.put(key, Buffer.from(`chunk ${i}`), 'application/octet-stream');
      await dbQuery(db, 'INSERT INTO files.file_chunks (file_id, idx, size, sha256, object_key) VALUES ($1, $2, 7, $3, $4)', [id, i, 'x', key]);
    }
    const { url } = (await link(owner, id)).body;
    await dbQuery(db, "UPDATE files.files SET status = 'deleting' WHERE id = $1", [id]);
    // What deleteMyFile does in its transaction: queue the cleanup through the outbox.
    const envelope = { id: randomUUID(), service: 'files', queue: 'cleanup', version: 1, enqueuedAt: new Date().toISOString(), payload: { fileId: id } };
    await dbQuery(db, 'INSERT INTO files.outbox_events (id, subject, envelope) VALUES ($1, $2, $3)', [envelope.id, 'work.files.cleanup.v1', envelope]);

    await until(async () => (await dbQuery(db, 'SELECT 1 FROM files.files WHERE id = $1', [id])).length === 0, {
      what: 'the file row removed',
      timeoutMs: 20_000,
    });
    for (const key of [...chunkKeys, `files/objects/${id}`, `files/previews/${id}`]) expect(await storage.stat(key)).toBeNull();
    expect(await storage.list(`files/chunks/${id}/`)).toEqual([]);
    for (const table of ['file_chunks', 'file_previews', 'download_grants']) {
      expect(await dbQuery(db, `SELECT 1 FROM files.${table} WHERE file_id = $1`, [id])).toHaveLength(0);
    }
    expect((await get(url)).res.status).toBe(404);
    expect((await link(owner, id)).status).toBe(404);
  });

  it('leaves a file that is not being deleted alone', async () => {
    const id = await storedFile(owner, 'keep.bin', randomBytes(10));
    const envelope = { id: randomUUID(), service: 'files', queue: 'cleanup', version: 1, enqueuedAt: new Date().toISOString(), payload: { fileId: id } };
    await dbQuery(db, 'INSERT INTO files.outbox_events (id, subject, envelope) VALUES ($1, $2, $3)', [envelope.id, 'work.files.cleanup.v1', envelope]);
    await until(async () => (await dbQuery(db, 'SELECT 1 FROM files.outbox_events WHERE id = $1 AND published_at IS NOT NULL', [envelope.id])).length > 0);
    await new Promise((r) => setTimeout(r, 1500));
    expect(await dbQuery(db, 'SELECT 1 FROM files.files WHERE id = $1', [id])).toHaveLength(1);
    expect(await storage.stat(`files/objects/${id}`)).not.toBeNull();
  });
});
