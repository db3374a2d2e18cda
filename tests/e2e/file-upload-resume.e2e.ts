import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';

import { DIRECT_PART_BYTES, DIRECT_PART_URL_SECONDS, FILE_LIMITS } from '@marketplace/contracts';
import { ObjectStorage } from '@marketplace/service-kit';
import { api, createMember, dbQuery, mcp, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');
const db = inject('databaseUrl');
const s3 = inject('s3');

/** The run's object storage as the files service sees it, to check what it holds. */
const storage = new ObjectStorage(() => ({ ...s3, endpoint: new URL(s3.endpoint) }));

/** The bytes a file counts against its area's quota (areaUsage sums them). */
async function countedBytes(fileId: string): Promise<number> {
  const rows = await dbQuery<{ size: string }>(db, 'SELECT size FROM files.files WHERE id = $1', [fileId]);
  return Number(rows[0]?.size);
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const CHUNK = FILE_LIMITS.chunkBytes;

function split(data: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) pieces.push(data.subarray(i, i + size));
  return pieces;
}

/** A PUT answered in full: status, parsed JSON body (if any) and the ETag header. */
function put(url: string, body: Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: any; etag: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'PUT', headers: { ...headers, 'content-length': String(body.length) } }, (res) => {
      let text = '';
      res
        .setEncoding('utf8')
        .on('data', (piece: string) => {
          text += piece;
        })
        .once('end', () => {
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            /* storage answers XML */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, etag: res.headers.etag });
        });
    });
    req.once('error', reject);
    req.end(body);
  });
}

/**
 * A PUT cut off mid-body, as a dropped connection does: Content-Length promises the whole body,
 * `sent` bytes go out, then the socket is destroyed. Resolves once the connection is gone.
 */
function cutPut(url: string, body: Buffer, sent: number, headers: Record<string, string> = {}, method = 'PUT'): Promise<void> {
  return new Promise((resolve) => {
    const req = request(url, { method, headers: { ...headers, 'content-length': String(body.length) } });
    req.once('error', () => resolve());
    req.once('close', () => resolve());
    req.once('response', (res) => {
      res.resume();
    });
    req.write(body.subarray(0, sent), () => setTimeout(() => req.destroy(), 50));
  });
}

function chunkUrl(fileId: string, index: number, bytes: Buffer): string {
  return `${base}/api/me/files/${fileId}/chunks/${index}?sha256=${sha(bytes)}`;
}

async function downloaded(key: string, fileId: string): Promise<Buffer> {
  const link = await api(base, `/api/me/files/${fileId}/download`, { key, method: 'POST' });
  expect(link.status).toBe(200);
  const got = await fetch(link.body.url);
  expect(got.status).toBe(200);
  return Buffer.from(await got.arrayBuffer());
}

async function completeUntilDone(key: string, fileId: string, body?: unknown): Promise<{ status: number; body: any }> {
  return until(
    async () => {
      const res = await api(base, `/api/me/files/${fileId}/complete`, { key, method: 'POST', ...(body ? { body } : {}) });
      return res.status === 503 ? undefined : res;
    },
    { timeoutMs: 60_000, intervalMs: 200, what: 'the file to be verified' },
  );
}

/** Asks for the part URLs of a two-part direct upload (a fresh multipart upload), PUTs `bytes` into them and completes. */
async function directUploadInTwoParts(key: string, fileId: string, bytes: Buffer): Promise<{ status: number; body: any }> {
  const signed = await api(base, `/api/me/files/${fileId}/parts`, { key, method: 'POST', body: {} });
  expect(signed.status).toBe(200);
  const [one, two] = signed.body.urls as { url: string }[];
  const p1 = await put(one!.url, bytes.subarray(0, DIRECT_PART_BYTES));
  const p2 = await put(two!.url, bytes.subarray(DIRECT_PART_BYTES));
  expect([p1.status, p2.status]).toEqual([200, 200]);
  return completeUntilDone(key, fileId, {
    parts: [
      { number: 1, etag: p1.etag },
      { number: 2, etag: p2.etag },
    ],
  });
}

describe('an upload cut off resumes from the last acknowledged chunk', () => {
  let member: TestMember;
  let auth: Record<string, string>;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'Resuming Uploader' });
    auth = { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' };
  });

  it('cut in the middle of each chunk in turn, it resumes from the chunk the service names and only that one on', async () => {
    // The contract's 256 KiB chunks, the last one short.
    const data = randomBytes(6 * CHUNK - 4321);
    const chunks = split(data, CHUNK);
    for (let cut = 0; cut < chunks.length; cut++) {
      const created = await api(base, '/api/me/files', {
        key: member.key,
        method: 'POST',
        body: { path: `resume/cut-at-${cut}.bin`, size: data.length, sha256: sha(data) },
      });
      expect(created.status).toBe(201);
      expect(created.body.chunks).toBe(chunks.length);
      const id = created.body.file.id as string;
      for (let i = 0; i < cut; i++) {
        const acked = await put(chunkUrl(id, i, chunks[i]!), chunks[i]!, auth);
        expect(acked.status, `chunk ${i}`).toBe(200);
        expect(acked.body.nextIndex).toBe(i + 1);
      }
      // The connection drops halfway through chunk `cut`: it is never acknowledged.
      await cutPut(chunkUrl(id, cut, chunks[cut]!), chunks[cut]!, Math.floor(chunks[cut]!.length / 2), auth);

      // Where to resume, as the service says it: every acknowledged chunk is kept, nothing of the cut one.
      const listed = await api(base, '/api/me/files', { key: member.key });
      const file = listed.body.files.find((f: { id: string }) => f.id === id);
      expect(file, `cut at ${cut}`).toMatchObject({ status: 'uploading', received: cut * CHUNK });
      const early = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
      expect(early.status).toBe(409);
      expect(early.body.fields).toEqual({ nextIndex: String(cut) });

      // Resume from that index, sending only what was not acknowledged.
      let next: number | null = Number(early.body.fields.nextIndex);
      let resent = 0;
      while (next !== null) {
        const res = await put(chunkUrl(id, next, chunks[next]!), chunks[next]!, auth);
        expect(res.status, `chunk ${next} after the cut at ${cut}`).toBe(200);
        resent++;
        next = res.body.nextIndex as number | null;
      }
      expect(resent).toBe(chunks.length - cut);

      const done = await completeUntilDone(member.key, id);
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ id, status: 'ready', size: data.length, received: data.length });
      expect(sha(await downloaded(member.key, id))).toBe(sha(data));
      expect((await api(base, `/api/me/files/${id}`, { key: member.key, method: 'DELETE' })).status).toBe(200);
    }
  });

  it('sent straight to storage, a part cut off is asked for and sent again; complete checks parts, size and sha256', async () => {
    // Three parts (5 MiB, 5 MiB, the rest): over the proxied cap, so the worker checks the sha256.
    const data = randomBytes(2 * DIRECT_PART_BYTES + 700_000);
    const created = await api(base, '/api/me/files', {
      key: member.key,
      method: 'POST',
      body: { path: 'resume/direct.bin', size: data.length, sha256: sha(data) },
    });
    expect(created.status).toBe(201);
    const id = created.body.file.id as string;

    const signed = await api(base, `/api/me/files/${id}/parts`, { key: member.key, method: 'POST', body: {} });
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ partBytes: DIRECT_PART_BYTES, parts: 3, file: { id, status: 'uploading' } });
    const urls = signed.body.urls as { number: number; bytes: number; url: string }[];
    expect(urls.map((u) => [u.number, u.bytes])).toEqual([
      [1, DIRECT_PART_BYTES],
      [2, DIRECT_PART_BYTES],
      [3, 700_000],
    ]);
    expect(Date.parse(signed.body.expiresAt) - Date.now()).toBeLessThanOrEqual(DIRECT_PART_URL_SECONDS * 1000);
    const part = (n: number) => data.subarray((n - 1) * DIRECT_PART_BYTES, Math.min(n * DIRECT_PART_BYTES, data.length));

    // An upload takes one way only: no chunks through the API once parts go to storage.
    const chunk = data.subarray(0, CHUNK);
    expect((await put(chunkUrl(id, 0, chunk), chunk, auth)).status).toBe(409);
    // A URL writes its own part of its own upload: the signature covers the key, uploadId,
    // partNumber (a store that checks signatures refuses any change; the embedded s3rver checks none).
    for (const u of urls) {
      const url = new URL(u.url);
      expect(url.searchParams.get('partNumber')).toBe(String(u.number));
      expect(url.pathname.endsWith(`/files/objects/${id}`)).toBe(true);
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(DIRECT_PART_URL_SECONDS);
    }

    const first = await put(urls[0]!.url, part(1));
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Part 2 is cut off halfway: storage keeps nothing of it.
    await cutPut(urls[1]!.url, part(2), DIRECT_PART_BYTES / 2);
    const third = await put(urls[2]!.url, part(3));
    expect(third.status).toBe(200);

    // Completing without part 2 names what is wrong; a made-up ETag for it is refused by storage.
    const partial = await api(base, `/api/me/files/${id}/complete`, {
      key: member.key,
      method: 'POST',
      body: {
        parts: [
          { number: 1, etag: first.etag },
          { number: 3, etag: third.etag },
        ],
      },
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(400);
    const madeUp = await api(base, `/api/me/files/${id}/complete`, {
      key: member.key,
      method: 'POST',
      body: {
        parts: [
          { number: 1, etag: first.etag },
          { number: 2, etag: first.etag },
          { number: 3, etag: third.etag },
        ],
      },
    });
    expect(madeUp.status, JSON.stringify(madeUp.body)).toBe(409);

    // Resume: a fresh URL for the missing part only, then complete with every part.
    const again = await api(base, `/api/me/files/${id}/parts`, { key: member.key, method: 'POST', body: { partNumbers: [2] } });
    expect(again.status).toBe(200);
    expect(again.body.urls.map((u: { number: number }) => u.number)).toEqual([2]);
    const second = await put(again.body.urls[0].url, part(2));
    expect(second.status).toBe(200);
    const parts = [
      { number: 1, etag: first.etag },
      { number: 2, etag: second.etag },
      { number: 3, etag: third.etag },
    ];
    const done = await completeUntilDone(member.key, id, { parts });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'ready', size: data.length, received: data.length });
    expect(sha(await downloaded(member.key, id))).toBe(sha(data));
    // Complete is idempotent on a ready file.
    expect((await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST', body: { parts } })).status).toBe(200);
  });

  it('parts stored at another length are found before the join: a long one aborts the upload, a short one is named', async () => {
    const data = randomBytes(DIRECT_PART_BYTES + 1000);
    const created = await api(base, '/api/me/files', {
      key: member.key,
      method: 'POST',
      body: { path: 'resume/oversized.bin', size: data.length, sha256: sha(data) },
    });
    const id = created.body.file.id as string;
    const key = `files/objects/${id}`;
    const signed = await api(base, `/api/me/files/${id}/parts`, { key: member.key, method: 'POST', body: {} });
    const [one, two] = signed.body.urls as { url: string }[];
    const uploadId = new URL(one!.url).searchParams.get('uploadId')!;

    // Part 2 holds 999 of its 1000 bytes: complete names it, before storage joins anything, and keeps part 1.
    const p1 = await put(one!.url, data.subarray(0, DIRECT_PART_BYTES));
    const short = await put(two!.url, data.subarray(DIRECT_PART_BYTES, DIRECT_PART_BYTES + 999));
    expect([p1.status, short.status]).toEqual([200, 200]);
    const named = await api(base, `/api/me/files/${id}/complete`, {
      key: member.key,
      method: 'POST',
      body: {
        parts: [
          { number: 1, etag: p1.etag },
          { number: 2, etag: short.etag },
        ],
      },
    });
    expect(named.status, JSON.stringify(named.body)).toBe(409);
    expect(named.body.error).toMatch(/Storage holds 999 bytes of part 2, not its 1000/);
    expect(named.body.fields).toEqual({ parts: 'Part 2 is short.' });
    expect(await storage.stat(key)).toBeNull();
    expect((await storage.listParts(key, uploadId))?.map((p) => p.part)).toEqual([1, 2]);

    // Part 2 holds 6 MiB (a part URL cannot make the store refuse another length): found as soon as the client is back (for URLs, or to complete), and the
    // whole multipart upload is aborted, so storage drops the bytes beyond the declared size at once.
    expect((await put(two!.url, randomBytes(6 * 1024 * 1024))).status).toBe(200);
    const again = await api(base, `/api/me/files/${id}/parts`, { key: member.key, method: 'POST', body: { partNumbers: [2] } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatch(/Part 2 holds 6291456 bytes, more than the 1000 bytes it was given/);
    expect(await storage.listParts(key, uploadId)).toBeNull();
    const stale = await api(base, `/api/me/files/${id}/complete`, {
      key: member.key,
      method: 'POST',
      body: {
        parts: [
          { number: 1, etag: p1.etag },
          { number: 2, etag: short.etag },
        ],
      },
    });
    expect([400, 409], JSON.stringify(stale.body)).toContain(stale.status);
    const listed = (await api(base, '/api/me/files', { key: member.key })).body.files as { id: string; status: string }[];
    expect(listed.find((f) => f.id === id)).toMatchObject({ status: 'uploading' });
    // New URLs start a new multipart upload, and the right bytes complete the file.
    const done = await directUploadInTwoParts(member.key, id, data);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ status: 'ready', size: data.length, received: data.length });
    // The area counts what storage holds, which is the declared size.
    expect((await storage.stat(key))?.size).toBe(data.length);
    expect(await countedBytes(id)).toBe(data.length);
  });

  it('refuses a direct upload whose bytes are not the declared sha256, and lets it start over', async () => {
    const data = randomBytes(DIRECT_PART_BYTES + 1000);
    const created = await api(base, '/api/me/files', {
      key: member.key,
      method: 'POST',
      body: { path: 'resume/wrong.bin', size: data.length, sha256: sha(data) },
    });
    const id = created.body.file.id as string;
    const wrong = Buffer.from(data);
    wrong[7] = wrong[7]! ^ 0xff;
    const refused = await directUploadInTwoParts(member.key, id, wrong);
    expect(refused.status, JSON.stringify(refused.body)).toBe(409);
    expect(refused.body.fields).toEqual({ sha256: 'Does not match the chunks received.' });
    // The upload starts over on new URLs, and the right bytes are accepted.
    const done = await directUploadInTwoParts(member.key, id, data);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ status: 'ready', size: data.length });
  });
});

describe('an agent cut off mid-upload resumes over MCP', () => {
  let member: TestMember;
  let token: string;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'Resuming Agent' });
    token = await mcpToken(member);
  });
  const tool = async (name: string, args: Record<string, unknown>) => toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, token));

  it('a chunk tool call cut halfway is not counted; the agent resumes from next_index and completes', async () => {
    const data = randomBytes(5 * CHUNK - 999);
    const chunks = split(data, CHUNK);
    const created = await tool('create_my_file', { path: 'agent/resumed.bin', size: data.length, sha256: sha(data) });
    const id = created.file.id as string;
    const call = (i: number) => ({
      name: 'upload_my_file_chunk',
      arguments: { file_id: id, index: i, data: chunks[i]!.toString('base64'), sha256: sha(chunks[i]!) },
    });
    for (let i = 0; i < 2; i++) expect(await tool(call(i).name, call(i).arguments)).toMatchObject({ index: i, nextIndex: i + 1 });
    // The agent's connection drops halfway through the call carrying chunk 2.
    const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: call(2) }));
    await cutPut(
      `${base}/api/mcp`,
      body,
      Math.floor(body.length / 2),
      {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-06-18',
      },
      'POST',
    );

    const listed = await tool('list_my_files', {});
    expect(listed.files.find((f: { id: string }) => f.id === id)).toMatchObject({ status: 'uploading', received: 2 * CHUNK });
    const early = await tool('complete_my_file', { file_id: id });
    expect(early).toMatchObject({ isError: true, status: 409, fields: { next_index: '2' } });
    let next: number | null = Number(early.fields.next_index);
    while (next !== null) {
      const sent = await tool(call(next).name, call(next).arguments);
      expect(sent, `chunk ${next}`).toMatchObject({ index: next });
      next = sent.nextIndex as number | null;
    }
    // Under 4 MiB: joined inline, so complete answers the ready file at once.
    expect(await tool('complete_my_file', { file_id: id })).toMatchObject({ id, status: 'ready', size: data.length });
    expect(sha(await downloaded(member.key, id))).toBe(sha(data));
  });

  it('an agent with HTTP of its own sends the parts straight to storage and completes with their ETags', async () => {
    const data = randomBytes(DIRECT_PART_BYTES + 12_345);
    const created = await tool('create_my_file', { path: 'agent/direct.bin', size: data.length, sha256: sha(data) });
    const id = created.file.id as string;
    const signed = await tool('presign_my_file_parts', { file_id: id });
    expect(signed).toMatchObject({ parts: 2, partBytes: DIRECT_PART_BYTES });
    const parts: { number: number; etag: string | undefined }[] = [];
    for (const u of signed.urls as { number: number; bytes: number; url: string }[]) {
      const res = await put(u.url, data.subarray((u.number - 1) * DIRECT_PART_BYTES, (u.number - 1) * DIRECT_PART_BYTES + u.bytes));
      expect(res.status).toBe(200);
      parts.push({ number: u.number, etag: res.etag });
    }
    const done = await until(
      async () => {
        const res = await tool('complete_my_file', { file_id: id, parts });
        return res.isError && res.status === 503 ? undefined : res;
      },
      { timeoutMs: 60_000, intervalMs: 200, what: 'the file to be verified' },
    );
    expect(done).toMatchObject({ id, status: 'ready', size: data.length });
  });
});
