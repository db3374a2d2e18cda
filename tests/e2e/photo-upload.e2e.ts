import { randomBytes } from 'node:crypto';

import { PHOTO_LIMITS } from '@marketplace/contracts';
import { api, createMember, dbQuery, type TestMember, until } from '@marketplace/testing';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');

/** Random pixels do not compress, so the file is about width × height × 3 bytes. */
async function noisy(width: number, height: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const image = sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png({ compressionLevel: 0 }).toBuffer() : image.jpeg({ quality: 100 }).toBuffer();
}

async function putPhoto(key: string | undefined, body: Buffer | string, contentType: string): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api/me/photo`, {
    method: 'PUT',
    headers: { 'content-type': contentType, ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function download(path: string): Promise<{ res: Response; bytes: Buffer }> {
  const res = await fetch(`${base}${path}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** Bytes never cross the bus: photos go to object storage through the gateway, whatever their size. */
describe('member photo uploads through object storage', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'Large Photo' });
  });

  it('a 905 KB PNG sent as the body is stored and served back as a valid image', async () => {
    const png = await noisy(549, 549, 'png');
    expect(png.length).toBeGreaterThan(880_000);
    expect(png.length).toBeLessThan(930_000);
    const up = await putPhoto(member.key, png, 'image/png');
    expect(up.status).toBe(200);
    expect(up.body.photoUrl).toMatch(new RegExp(`^/api/members/${member.id}/photo/[0-9a-f]{32}$`));
    const { res, bytes } = await download(up.body.photoUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
    // Photos are re-encoded and scaled to fit 512×512, so the answer is a valid image, not the same bytes.
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: PHOTO_LIMITS.stored, height: PHOTO_LIMITS.stored });
    const head = await fetch(`${base}${up.body.photoUrl}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/png');
  });

  it('the same 905 KB photo as base64 JSON (over the 1 MiB bus limit once encoded) answers 200, not 500', async () => {
    const png = await noisy(549, 549, 'png');
    expect(Math.ceil(png.length / 3) * 4).toBeGreaterThan(1_048_576);
    const up = await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image: png.toString('base64') } });
    expect(up.status).toBe(200);
    const { res, bytes } = await download(up.body.photoUrl);
    expect(res.status).toBe(200);
    expect((await sharp(bytes).metadata()).format).toBe('png');
  });

  it('a 3 MB PNG and a large JPEG are accepted, each under a new path', async () => {
    const png = await noisy(1000, 1000, 'png');
    expect(png.length).toBeGreaterThan(3_000_000);
    const first = await putPhoto(member.key, png, 'image/png');
    expect(first.status).toBe(200);
    const jpeg = await noisy(1200, 900, 'jpeg');
    expect(jpeg.length).toBeGreaterThan(1_048_576);
    const second = await putPhoto(member.key, jpeg, 'image/jpeg; charset=binary');
    expect(second.status).toBe(200);
    expect(second.body.photoUrl).not.toBe(first.body.photoUrl);
    const { res, bytes } = await download(second.body.photoUrl);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 512, height: 384 });
    // The replaced photo is gone.
    expect((await download(first.body.photoUrl)).res.status).toBe(404);
  });

  it('a file over the limit answers 413 with an error body, raw or as JSON', async () => {
    const over = Buffer.alloc(PHOTO_LIMITS.bytes + 1, 1);
    const raw = await putPhoto(member.key, over, 'image/jpeg');
    expect(raw.status).toBe(413);
    expect(raw.body.error).toMatch(new RegExp(`${PHOTO_LIMITS.bytes} bytes`));
    const json = await api(base, '/api/me/photo', { key: member.key, method: 'PUT', body: { image: randomBytes(1_600_000).toString('base64') } });
    expect(json.status).toBe(413);
    expect(json.body.error).toEqual(expect.any(String));
  });

  it('another content type is 415, a body without Content-Length 411, no credentials 401', async () => {
    const png = await noisy(20, 20, 'png');
    for (const type of ['text/plain', 'image/gif', 'application/octet-stream']) {
      const res = await putPhoto(member.key, png, type);
      expect(res.status).toBe(415);
      expect(res.body.error).toMatch(/image\/png or image\/jpeg/);
    }
    const chunked = await fetch(`${base}/api/me/photo`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png', authorization: `Bearer ${member.key}` },
      body: new ReadableStream({
        start(c) {
          c.enqueue(new Uint8Array(png));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit & { duplex: 'half' });
    expect(chunked.status).toBe(411);
    expect((await chunked.json()).error).toMatch(/Content-Length/);
    expect((await putPhoto(undefined, png, 'image/png')).status).toBe(401);
  });

  it('bytes that are not an image are refused by the service with 400 on image', async () => {
    const res = await putPhoto(member.key, Buffer.from('not really a png'), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.fields.image).toBeTruthy();
  });

  it('OpenAPI shows the file types, the limit and the JSON alternative', async () => {
    const doc = (await api(base, '/api/openapi.json')).body;
    const put = doc.paths['/api/me/photo'].put;
    expect(Object.keys(put.requestBody.content)).toEqual(['image/png', 'image/jpeg', 'application/json']);
    expect(put.requestBody['x-max-bytes']).toBe(PHOTO_LIMITS.bytes);
    expect(put.requestBody.content['application/json'].schema.properties.image.contentEncoding).toBe('base64');
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '411', '413', '415']));
    expect(doc.components.responses.Error415).toBeTruthy();
  });

  it('a photo stored in the database before object storage is moved there on first read and served alike', async () => {
    const old = await createMember(nats, { name: 'Old Photo' });
    const png = await sharp({ create: { width: 30, height: 20, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    await dbQuery(db, `INSERT INTO identity.member_photos (member_id, hash, content_type, data) VALUES ($1, 'abc123', 'image/png', $2)`, [old.id, png]);
    for (let i = 0; i < 2; i++) {
      const { res, bytes } = await download(`/api/members/${old.id}/photo/abc123`);
      expect(res.status).toBe(200);
      expect(bytes.equals(png)).toBe(true);
    }
    const [row] = await dbQuery<{ object_key: string | null; data: Buffer | null }>(
      db,
      'SELECT object_key, data FROM identity.member_photos WHERE member_id = $1',
      [old.id],
    );
    expect(row).toEqual({ object_key: `identity/photos/${old.id}/abc123`, data: null });
  });

  it('deleting the account removes the photo with everything else', async () => {
    const leaving = await createMember(nats, { name: 'Leaving Photo' });
    const up = await putPhoto(leaving.key, await noisy(40, 40, 'png'), 'image/png');
    expect(up.status).toBe(200);
    const del = await api(base, '/api/me', { key: leaving.key, method: 'DELETE', body: { confirm: 'delete my account' } });
    expect(del.status).toBe(200);
    expect((await download(up.body.photoUrl)).res.status).toBe(404);
    await until(async () => (await dbQuery(db, 'SELECT 1 FROM identity.member_photos WHERE member_id = $1', [leaving.id])).length === 0);
  });
});
