import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { request } from 'node:http';

import { DIRECT_PART_BYTES } from '@marketplace/contracts';
import { ObjectStorage } from '@marketplace/service-kit';
import { api, createMember, type TestMember, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const s3 = inject('s3');

/** The run's object storage as the files service sees it, to check what it holds. */
const storage = new ObjectStorage(() => ({ ...s3, endpoint: new URL(s3.endpoint) }));

/** A PUT of `body` to a presigned URL: the store's status and ETag. */
function put(url: string, body: Buffer): Promise<{ status: number; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { 'content-length': String(body.length) } }, (res) => {
      res.resume().once('end', () => resolve({ status: res.statusCode ?? 0, etag: res.headers.etag }));
    });
    req.once('error', reject);
    req.end(body);
  });
}

describe('incomplete multipart uploads left behind are aborted by the files sweep', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'Abandoning Uploader' });
    // The sweep every second, and a multipart upload of a file's object counts as left behind after
    // 2 seconds (an hour by default: no upload or join legitimately runs that long).
    await service('stop', 'files');
    await service('start', 'files', { FILES_SWEEP_SECONDS: '1', FILES_STALE_MULTIPART_SECONDS: '2' });
  });
  afterAll(async () => {
    await service('stop', 'files');
    await service('start', 'files', {});
    storage.close();
  });

  it('a direct upload abandoned after its first part, and one no file names, are aborted and their parts freed', async () => {
    const data = randomBytes(DIRECT_PART_BYTES + 1000);
    const created = await api(base, '/api/me/files', {
      key: member.key,
      method: 'POST',
      body: { path: 'abandoned/parts.bin', size: data.length, sha256: createHash('sha256').update(data).digest('hex') },
    });
    expect(created.status).toBe(201);
    const id = created.body.file.id as string;
    const signed = await api(base, `/api/me/files/${id}/parts`, { key: member.key, method: 'POST', body: {} });
    expect(signed.status).toBe(200);
    const [one] = signed.body.urls as { url: string }[];
    const first = await put(one!.url, data.subarray(0, DIRECT_PART_BYTES));
    expect(first.status).toBe(200);
    const key = `files/objects/${id}`;
    const uploadId = new URL(one!.url).searchParams.get('uploadId')!;
    expect(await storage.listParts(key, uploadId)).toEqual([{ part: 1, size: DIRECT_PART_BYTES }]);

    // One that no file names, as when a row was never written or an abort failed: only the store knows it.
    const orphanKey = `files/objects/${randomUUID()}`;
    const orphan = await storage.createMultipart(orphanKey, 'application/octet-stream');
    expect((await put(await storage.presignPart(orphanKey, orphan, 1, 60), randomBytes(1234))).status).toBe(200);
    expect((await storage.listIncompleteUploads('files/objects/')).map((u) => u.uploadId)).toEqual(expect.arrayContaining([uploadId, orphan]));

    // Left alone, both are aborted by the sweep, and the store frees their parts.
    await until(async () => ((await storage.listParts(key, uploadId)) === null && (await storage.listParts(orphanKey, orphan)) === null) || undefined, {
      timeoutMs: 30_000,
      intervalMs: 250,
      what: 'the sweep to abort the uploads left behind',
    });
    const left = (await storage.listIncompleteUploads('files/objects/')).map((u) => u.uploadId);
    expect(left).not.toContain(uploadId);
    expect(left).not.toContain(orphan);

    // The client coming back too late is told its parts are gone; the file is still its to delete.
    const late = await api(base, `/api/me/files/${id}/complete`, {
      key: member.key,
      method: 'POST',
      body: {
        parts: [
          { number: 1, etag: first.etag },
          { number: 2, etag: first.etag },
        ],
      },
    });
    expect(late.status, JSON.stringify(late.body)).toBe(409);
    expect(late.body.error).toMatch(/NoSuchUpload/);
    expect((await api(base, `/api/me/files/${id}`, { key: member.key, method: 'DELETE' })).status).toBe(200);
  });
});
