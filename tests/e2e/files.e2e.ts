import { createHash, randomBytes } from 'node:crypto';

import { FILE_LIMITS } from '@marketplace/contracts';
import { api, createMember, mcp, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function putChunk(key: string, fileId: string, index: number, bytes: Buffer, digest = sha(bytes)): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api/me/files/${fileId}/chunks/${index}?sha256=${digest}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

function split(data: Buffer, size: number): Buffer[] {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) parts.push(data.subarray(i, i + size));
  return parts;
}

async function create(key: string, path: string, data: Buffer, extra: Record<string, unknown> = {}) {
  return api(base, '/api/me/files', { key, method: 'POST', body: { path, size: data.length, sha256: sha(data), ...extra } });
}

async function list(key: string) {
  return (await api(base, '/api/me/files', { key })).body;
}

describe('personal files over REST', () => {
  let member: TestMember;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'File Owner' });
  });

  it('lists an empty open area with the contract limits exactly', async () => {
    const res = await api(base, '/api/me/files', { key: member.key });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      closed: false,
      files: [],
      limits: {
        previewBytes: 1048576,
        previewPixels: 16777216,
        previewDimension: 8192,
        chunkBytes: 262144,
        fileBytes: 104857600,
        personalBytes: 1073741824,
        jobBytes: 1073741824,
        files: 100,
        pathLength: 240,
        requestBytes: 524288,
        proxyBytes: 4194304,
        transferSeconds: 600,
      },
    });
  });

  it('uploads a ~700 KB file in chunks out of order with a retried chunk, completes it and lists it ready', async () => {
    const data = randomBytes(700_000);
    const created = await create(member.key, 'docs/Report.bin', data);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      chunkBytes: FILE_LIMITS.chunkBytes,
      chunks: 3,
      nextIndex: 0,
      file: { path: 'docs/Report.bin', size: data.length, received: 0, status: 'uploading', canWrite: true },
    });
    const expires = Date.parse(created.body.uploadExpiresAt) - Date.parse(created.body.file.createdAt);
    expect(Math.round(expires / 1000)).toBe(FILE_LIMITS.transferSeconds);
    const id = created.body.file.id as string;
    const chunks = split(data, FILE_LIMITS.chunkBytes);

    const c2 = await putChunk(member.key, id, 2, chunks[2]!);
    expect(c2.status).toBe(200);
    expect(c2.body).toMatchObject({ index: 2, nextIndex: 0, file: { received: chunks[2]!.length } });
    // Missing chunks: 409 naming the next one.
    const early = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    expect(early.status).toBe(409);
    expect(early.body.fields).toEqual({ nextIndex: '0' });

    expect((await putChunk(member.key, id, 0, chunks[0]!)).body.nextIndex).toBe(1);
    // The same chunk again is fine; other bytes for it are a conflict; a wrong sha256 is a conflict.
    expect((await putChunk(member.key, id, 0, chunks[0]!)).status).toBe(200);
    expect((await putChunk(member.key, id, 0, Buffer.alloc(chunks[0]!.length, 1))).status).toBe(409);
    expect((await putChunk(member.key, id, 1, chunks[1]!, sha(Buffer.from('other')))).status).toBe(409);
    // A chunk of the wrong size, an index out of range.
    expect((await putChunk(member.key, id, 1, chunks[1]!.subarray(1))).status).toBe(400);
    expect((await putChunk(member.key, id, 3, chunks[2]!)).status).toBe(400);
    const last = await putChunk(member.key, id, 1, chunks[1]!);
    expect(last.body).toMatchObject({ index: 1, nextIndex: null, file: { received: data.length } });

    const done = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id, status: 'ready', size: data.length, received: data.length });
    // Idempotent.
    expect((await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' })).body).toEqual(done.body);
    // Immutable.
    expect((await putChunk(member.key, id, 0, chunks[0]!)).status).toBe(409);

    const listed = await list(member.key);
    expect(listed.files).toEqual([expect.objectContaining({ id, status: 'ready', size: data.length, received: data.length, canWrite: true })]);
  });

  it('a 6 MB file is joined by the files worker: 503 with Retry-After, then ready', async () => {
    const data = randomBytes(6_000_000);
    const created = await create(member.key, 'big/six.bin', data, { chunkBytes: FILE_LIMITS.requestBytes });
    expect(created.status).toBe(201);
    expect(created.body.chunks).toBe(Math.ceil(data.length / FILE_LIMITS.requestBytes));
    const id = created.body.file.id as string;
    const chunks = split(data, FILE_LIMITS.requestBytes);
    for (let i = chunks.length - 1; i >= 0; i--) expect((await putChunk(member.key, id, i, chunks[i]!)).status).toBe(200);
    const first = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('2');
    const ready = await until(
      async () => {
        const res = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
        if (res.status === 503) return undefined;
        return res;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: 'the worker to join the file' },
    );
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ id, status: 'ready', size: data.length });
  });

  it('a whole-file sha256 that does not match: 409 and the chunks must be sent again', async () => {
    const data = randomBytes(300_000);
    const created = await api(base, '/api/me/files', {
      key: member.key,
      method: 'POST',
      body: { path: 'wrong.bin', size: data.length, sha256: sha(Buffer.from('not this')) },
    });
    const id = created.body.file.id as string;
    for (const [i, c] of split(data, FILE_LIMITS.chunkBytes).entries()) expect((await putChunk(member.key, id, i, c)).status).toBe(200);
    const res = await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/upload every chunk again/);
    const after = (await list(member.key)).files.find((f: { id: string }) => f.id === id);
    expect(after).toMatchObject({ status: 'uploading', received: 0 });
    expect((await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' })).body.fields).toEqual({ nextIndex: '0' });
  });

  it('refuses unsafe paths (400), a duplicate path ignoring case (409) and sizes over the limit', async () => {
    const data = Buffer.from('hello');
    for (const path of ['/etc/passwd', '../up.txt', 'a/../b.txt', 'a//b.txt', 'a\\b.txt', 'bad\u0001name', 'x'.repeat(241), 'dir/']) {
      const res = await create(member.key, path, data);
      expect(res.status, path).toBe(400);
      expect(res.body.fields.path, path).toBeDefined();
    }
    expect((await create(member.key, 'dup/Same.txt', data)).status).toBe(201);
    const dup = await create(member.key, 'DUP/same.TXT', data);
    expect(dup.status).toBe(409);
    expect(
      (await api(base, '/api/me/files', { key: member.key, method: 'POST', body: { path: 'huge.bin', size: FILE_LIMITS.fileBytes + 1, sha256: sha(data) } }))
        .status,
    ).toBe(400);
    // A decomposed name is stored in NFC, so it collides with its composed twin.
    expect((await create(member.key, 'cafe\u0301.txt', data)).body.file.path).toBe('caf\u00e9.txt');
    expect((await create(member.key, 'caf\u00e9.txt', data)).status).toBe(409);
  });

  it('the area quota counts declared sizes: a file that would pass 1 GiB is refused', async () => {
    const other = await createMember(nats, { name: 'Quota Owner' });
    const big = { size: FILE_LIMITS.fileBytes, sha256: sha(Buffer.from('x')) };
    for (let i = 0; i < 10; i++) {
      expect((await api(base, '/api/me/files', { key: other.key, method: 'POST', body: { path: `q/${i}.bin`, ...big } })).status).toBe(201);
    }
    const over = await api(base, '/api/me/files', { key: other.key, method: 'POST', body: { path: 'q/over.bin', ...big } });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatch(/1073741824 bytes/);
  });

  it('delete: deleting at once (no reads or writes), then gone once cleaned; another member gets 404', async () => {
    const data = randomBytes(1000);
    const created = await create(member.key, 'to-delete.txt', data);
    const id = created.body.file.id as string;
    const stranger = await createMember(nats, { name: 'Stranger' });
    expect((await api(base, `/api/me/files/${id}`, { key: stranger.key, method: 'DELETE' })).status).toBe(404);
    expect((await api(base, `/api/me/files/${id}/complete`, { key: stranger.key, method: 'POST' })).status).toBe(404);
    expect((await putChunk(stranger.key, id, 0, data)).status).toBe(404);
    expect((await api(base, '/api/me/files/not-a-uuid', { key: member.key, method: 'DELETE' })).status).toBe(404);

    const del = await api(base, `/api/me/files/${id}`, { key: member.key, method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ deleted: true });
    // Deleting refuses writes (409); the cleanup may already have removed the row (404).
    expect([409, 404]).toContain((await putChunk(member.key, id, 0, data)).status);
    expect([409, 404]).toContain((await api(base, `/api/me/files/${id}/complete`, { key: member.key, method: 'POST' })).status);
    const now = (await list(member.key)).files.find((f: { id: string }) => f.id === id);
    if (now) expect(now).toMatchObject({ status: 'deleting', canWrite: false });
    // The path is free again for a new file at once.
    expect((await create(member.key, 'to-delete.txt', data)).status).toBe(201);
    await until(async () => !(await list(member.key)).files.some((f: { id: string }) => f.id === id), {
      timeoutMs: 20_000,
      intervalMs: 250,
      what: 'the cleanup to remove the file',
    });
  });
});

describe('personal files over MCP with a real OAuth token', () => {
  let member: TestMember;
  let token: string;
  beforeAll(async () => {
    member = await createMember(nats, { name: 'Agent Files' });
    token = await mcpToken(member);
  });
  const tool = async (name: string, args: Record<string, unknown>) => toolOutcome(await mcp(base, 'tools/call', { name, arguments: args }, token));

  it('create, base64 chunks out of order, complete, list, delete', async () => {
    const data = randomBytes(600_000);
    const created = await tool('create_my_file', { path: 'agent/notes.bin', size: data.length, sha256: sha(data) });
    expect(created).toMatchObject({ chunks: 3, chunkBytes: FILE_LIMITS.chunkBytes, file: { status: 'uploading' } });
    const id = created.file.id as string;
    const chunks = split(data, FILE_LIMITS.chunkBytes);
    const send = (i: number, bytes = chunks[i]!, digest = sha(bytes)) =>
      tool('upload_my_file_chunk', { file_id: id, index: i, data: bytes.toString('base64'), sha256: digest });

    expect(await send(1)).toMatchObject({ index: 1, nextIndex: 0 });
    expect(await send(1)).toMatchObject({ index: 1, nextIndex: 0 });
    expect(await send(0, chunks[0]!, sha(Buffer.from('nope')))).toMatchObject({ isError: true, status: 409 });
    expect(await send(0)).toMatchObject({ nextIndex: 2 });
    const missing = await tool('complete_my_file', { file_id: id });
    // Field names are snake_case over MCP, as every tool's.
    expect(missing).toMatchObject({ isError: true, status: 409, fields: { next_index: '2' } });
    expect(await send(2)).toMatchObject({ nextIndex: null, file: { received: data.length } });
    // Over the MCP chunk limit, and not base64.
    const tooBig = await tool('upload_my_file_chunk', {
      file_id: id,
      index: 0,
      data: randomBytes(FILE_LIMITS.chunkBytes + 1).toString('base64'),
      sha256: sha(data),
    });
    expect(tooBig).toMatchObject({ isError: true, status: 413 });
    const notBase64 = await tool('upload_my_file_chunk', { file_id: id, index: 0, data: 'not base64!', sha256: sha(data) });
    expect(notBase64).toMatchObject({ isError: true, status: 400 });
    expect(notBase64.fields).toHaveProperty('data');

    expect(await tool('complete_my_file', { file_id: id })).toMatchObject({ id, status: 'ready', size: data.length });
    const listed = await tool('list_my_files', {});
    expect(listed).toMatchObject({ closed: false, limits: FILE_LIMITS });
    expect(listed.files).toEqual([expect.objectContaining({ id, status: 'ready', received: data.length })]);
    expect(await tool('delete_my_file', { file_id: id })).toEqual({ deleted: true });
  });

  it('the chunk tool takes data as base64 and the REST route documents the raw body', async () => {
    const tools = (await mcp(base, 'tools/list', {}, token)).body.result.tools as { name: string; inputSchema: any }[];
    const chunkTool = tools.find((t) => t.name === 'upload_my_file_chunk')!;
    expect(chunkTool.inputSchema.properties.data.type).toBe('string');
    expect(chunkTool.inputSchema.required).toEqual(expect.arrayContaining(['file_id', 'index', 'data', 'sha256']));
    const doc = (await api(base, '/api/openapi.json')).body;
    const put = doc.paths['/api/me/files/{fileId}/chunks/{index}'].put;
    expect(Object.keys(put.requestBody.content)).toContain('application/octet-stream');
    expect(put.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:fileId', 'path:index', 'query:sha256']),
    );
  });
});
