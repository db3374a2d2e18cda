import { createHash, randomBytes } from 'node:crypto';

import { FILE_LIMITS } from '@marketplace/contracts';
import { api, createMember, type TestMember, until } from '@marketplace/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { service } from './support/control.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const CHUNK = FILE_LIMITS.requestBytes;

async function putChunk(key: string, fileId: string, index: number, bytes: Buffer): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api/me/files/${fileId}/chunks/${index}?sha256=${sha(bytes)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

describe('the files process crashes mid-upload', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'Crash Uploader' });
  });
  // Whatever happened above, the rest of the run gets its files processes back.
  afterAll(async () => {
    await service('start', 'files-worker');
    await service('start', 'files');
  });

  it('is killed (SIGKILL) during a chunk; the upload resumes from `received` and the file is intact', async () => {
    // Over 4 MiB: the files worker joins it and the download is a presigned link to storage.
    const data = randomBytes(12 * CHUNK - 12_345);
    const chunks: Buffer[] = [];
    for (let i = 0; i < data.length; i += CHUNK) chunks.push(data.subarray(i, i + CHUNK));
    const created = await api(base, '/api/me/files', {
      key: member.key,
      method: 'POST',
      body: { path: 'crash/resumed.bin', size: data.length, sha256: sha(data), chunkBytes: CHUNK },
    });
    expect(created.status).toBe(201);
    expect(created.body.chunks).toBe(chunks.length);
    const id = created.body.file.id as string;

    for (let i = 0; i < 5; i++) {
      const res = await putChunk(member.key, id, i, chunks[i]!);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ index: i, nextIndex: i + 1, file: { received: (i + 1) * CHUNK } });
    }

    // Chunk 5 is on its way when both files processes die without a chance to clean up.
    const inFlight = putChunk(member.key, id, 5, chunks[5]!);
    await Promise.all([service('kill', 'files'), service('kill', 'files-worker')]);
    const interrupted = await inFlight;
    // It either made it before the crash or failed as unavailable; never a half-stored chunk.
    expect([200, 503]).toContain(interrupted.status);

    const during = await putChunk(member.key, id, 6, chunks[6]!);
    expect(during.status).toBe(503);
    expect((await api(base, '/api/me/files', { key: member.key })).status).toBe(503);

    await service('start', 'files-worker');
    await service('start', 'files');

    // Resume: `received` says how far it got (chunks went in order, so it is whole chunks).
    const listed = await until(
      async () => {
        const res = await api(base, '/api/me/files', { key: member.key });
        return res.status === 200 ? res.body : undefined;
      },
      { what: 'the files service to answer again' },
    );
    const file = listed.files.find((f: { id: string }) => f.id === id);
    expect(file).toMatchObject({ status: 'uploading', size: data.length });
    expect(file.received % CHUNK).toBe(0);
    const resumeAt = file.received / CHUNK;
    expect(resumeAt).toBe(interrupted.status === 200 ? 6 : 5);
    // complete agrees on the first missing chunk.
    const early = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    expect(early.status).toBe(409);
    expect(early.body.fields).toEqual({ nextIndex: String(resumeAt) });

    for (let i = resumeAt; i < chunks.length; i++) {
      const res = await putChunk(member.key, id, i, chunks[i]!);
      expect(res.status, `chunk ${i}`).toBe(200);
      expect(res.body.nextIndex).toBe(i + 1 < chunks.length ? i + 1 : null);
    }
    // A chunk sent again after the crash (the same bytes) is still fine.
    expect((await putChunk(member.key, id, 4, chunks[4]!)).status).toBe(200);

    const done = await until(
      async () => {
        const res = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
        return res.status === 503 ? undefined : res;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the worker to join the file' },
    );
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'ready', size: data.length, received: data.length });

    const link = await api(base, `/api/me/files/${id}/download`, { key: member.key, method: 'POST' });
    expect(link.status).toBe(200);
    const got = await fetch(link.body.url);
    expect(got.status).toBe(200);
    const bytes = Buffer.from(await got.arrayBuffer());
    expect(bytes.length).toBe(data.length);
    expect(sha(bytes)).toBe(sha(data));
  });
});
