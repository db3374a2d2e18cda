import { createHash, randomBytes } from 'node:crypto';

import { api, createMember, type TestMember } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function started(member: TestMember, path: string, data: Buffer): Promise<string> {
  const res = await api(base, '/api/me/files', { key: member.key, method: 'POST', body: { path, size: data.length, sha256: sha(data) } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.file.id as string;
}

async function sendAndComplete(member: TestMember, fileId: string, data: Buffer): Promise<void> {
  const put = await fetch(`${base}/api/me/files/${fileId}/chunks/0?sha256=${sha(data)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array(data),
  });
  expect(put.status).toBe(200);
  const done = await api(base, `/api/me/files/${fileId}/complete`, { key: member.key, method: 'POST', body: {} });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
}

const rename = (member: TestMember | null, fileId: string, body: unknown) =>
  api(base, `/api/me/files/${fileId}`, { ...(member ? { key: member.key } : {}), method: 'PATCH', body });

describe('renaming a personal file (PATCH /api/me/files/{fileId})', () => {
  let owner: TestMember;
  let other: TestMember;
  beforeAll(async () => {
    owner = await createMember(nats, { name: 'Rename Owner' });
    other = await createMember(nats, { name: 'Rename Other' });
  });

  it('renames a ready file into a folder; the list and the download follow, the bytes are the same', async () => {
    const data = randomBytes(40_000);
    const id = await started(owner, 'draft.bin', data);
    await sendAndComplete(owner, id, data);
    const res = await rename(owner, id, { path: 'reports/final.bin' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, path: 'reports/final.bin', status: 'ready', size: data.length, canWrite: true });
    const listed = (await api(base, '/api/me/files', { key: owner.key })).body.files.map((f: { path: string }) => f.path);
    expect(listed).toContain('reports/final.bin');
    expect(listed).not.toContain('draft.bin');
    const link = await api(base, `/api/me/files/${id}/download`, { key: owner.key, method: 'POST' });
    expect(link.status).toBe(200);
    expect(link.body.path).toBe('reports/final.bin');
    const got = Buffer.from(await (await fetch(link.body.url)).arrayBuffer());
    expect(got.equals(data)).toBe(true);
    // The old name is free again.
    expect((await started(owner, 'draft.bin', randomBytes(10))).length).toBeGreaterThan(0);
  });

  it('renames an upload in progress, which then completes under its new name', async () => {
    const data = randomBytes(20_000);
    const id = await started(owner, 'partial.bin', data);
    const res = await rename(owner, id, { path: 'later/whole.bin' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ path: 'later/whole.bin', status: 'uploading' });
    await sendAndComplete(owner, id, data);
    const file = (await api(base, '/api/me/files', { key: owner.key })).body.files.find((f: { id: string }) => f.id === id);
    expect(file).toMatchObject({ path: 'later/whole.bin', status: 'ready' });
  });

  it('refuses a taken path (ignoring case) with 409 naming path, and a bad path with 400', async () => {
    const a = await started(owner, 'taken/one.bin', randomBytes(10));
    const b = await started(owner, 'taken/two.bin', randomBytes(10));
    const taken = await rename(owner, b, { path: 'TAKEN/ONE.bin' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: expect.stringMatching(/already exists/), fields: { path: 'Already exists.' } });
    // Its own name in another case is not a clash.
    expect((await rename(owner, a, { path: 'Taken/One.bin' })).body.path).toBe('Taken/One.bin');
    for (const path of ['../escape.bin', '/abs.bin', 'a//b.bin', '', 'x'.repeat(241)]) {
      const bad = await rename(owner, b, { path });
      expect(bad.status, path).toBe(400);
      expect(Object.keys(bad.body.fields)).toEqual(['path']);
    }
    const missing = await rename(owner, b, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields).toEqual({ path: expect.any(String) });
  });

  it("is private to the owner: someone else's file is 404, no caller is 401; a file being deleted is 409", async () => {
    const id = await started(owner, 'mine.bin', randomBytes(10));
    const foreign = await rename(other, id, { path: 'theirs.bin' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toEqual(expect.any(String));
    expect((await rename(null, id, { path: 'anon.bin' })).status).toBe(401);
    expect((await api(base, `/api/me/files/${id}`, { key: owner.key, method: 'DELETE' })).status).toBe(200);
    // While its storage is freed it reads as being deleted; once the cleanup is done it is gone.
    const gone = await rename(owner, id, { path: 'revived.bin' });
    expect([404, 409]).toContain(gone.status);
    expect(gone.body.error).toMatch(gone.status === 409 ? /being deleted/ : /No such file/);
    const names = (await api(base, '/api/me/files', { key: other.key })).body.files;
    expect(names).toEqual([]);
  });
});
