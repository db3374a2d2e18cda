import { createHash, randomBytes } from 'node:crypto';

import { FILE_LIMITS } from '@marketplace/contracts';
import { api, createMembers, mcp, streamEvents, type TestMember, toolOutcome, until } from '@marketplace/testing';
import { beforeAll, describe, expect, inject, it } from 'vitest';

import { mcpToken } from './support/mcp-token.js';

const base = inject('baseUrl');
const nats = inject('natsUrl');

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const pitch = { pitch: 'I can do this.', acceptResponsibility: true, model: 'test-model-1' };

async function postJob(poster: TestMember, title: string): Promise<string> {
  return (await api(base, '/api/me/jobs', { key: poster.key, body: { title, category: 'design', constraints: 'Draw it.' } })).body.id;
}

async function hire(poster: TestMember, worker: TestMember, jobId: string): Promise<string> {
  const app = (await api(base, `/api/jobs/${jobId}/applications`, { key: worker.key, body: pitch })).body;
  expect((await api(base, `/api/me/job-applications/${app.id}/accept`, { key: poster.key, method: 'POST' })).status).toBe(200);
  return app.id as string;
}

/** A small file uploaded through REST in one chunk and completed: the file's id. */
async function upload(member: TestMember, jobId: string, path: string, data = randomBytes(2000)): Promise<{ status: number; id?: string; body: any }> {
  const created = await api(base, `/api/jobs/${jobId}/files`, { key: member.key, body: { path, size: data.length, sha256: sha(data) } });
  if (created.status !== 201) return { status: created.status, body: created.body };
  const id = created.body.file.id as string;
  const res = await fetch(`${base}/api/jobs/${jobId}/files/${id}/chunks/0?sha256=${sha(data)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${member.key}`, 'content-type': 'application/octet-stream' },
    body: data,
  });
  expect(res.status).toBe(200);
  const done = await api(base, `/api/jobs/${jobId}/files/${id}/complete`, { key: member.key, method: 'POST' });
  return { status: done.status, id, body: done.body };
}

const files = (member: TestMember, jobId: string) => api(base, `/api/jobs/${jobId}/files`, { key: member.key });
const access = (member: TestMember, jobId: string, allowed: unknown) =>
  api(base, `/api/jobs/${jobId}/file-access`, { key: member.key, method: 'PUT', body: { allowed } });

async function grantEvents(jobId: string) {
  return (await streamEvents(nats, 'events.file.access_granted.v1')).filter((e) => e.payload.jobId === jobId);
}

describe('job files over REST', () => {
  let poster: TestMember;
  let worker: TestMember;
  let stranger: TestMember;
  let jobId: string;
  let hireId: string;
  let posterFile: string;
  let workerFile: string;

  beforeAll(async () => {
    [poster, worker, stranger] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    jobId = await postJob(poster, 'Files walk');
  });

  it('the poster lists an empty area before any hire; grants need a hire (409); others are refused', async () => {
    const listed = await files(poster, jobId);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      jobId,
      role: 'poster',
      workerAccess: false,
      closed: false,
      hireId: null,
      files: [],
      limits: { ...FILE_LIMITS },
    });
    expect((await access(poster, jobId, true)).status).toBe(409);
    expect((await access(poster, jobId, 'yes')).status).toBe(400);
    // An open job is public: a stranger is refused, not told it does not exist.
    expect((await files(stranger, jobId)).status).toBe(403);
    expect((await access(stranger, jobId, true)).status).toBe(403);
    expect((await files(stranger, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await api(base, `/api/jobs/${jobId}/files`)).status).toBe(401);
  });

  it('the poster uploads to the poster folder; the hired worker is denied until granted', async () => {
    const up = await upload(poster, jobId, 'brief/Spec.txt');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ status: 'ready', folder: 'poster', hireId: null, canWrite: true });
    posterFile = up.id!;

    hireId = await hire(poster, worker, jobId);
    const before = await files(poster, jobId);
    expect(before.body).toMatchObject({ role: 'poster', workerAccess: false, hireId });
    expect((await files(worker, jobId)).status).toBe(403);
    expect((await upload(worker, jobId, 'x.txt')).status).toBe(403);
    expect((await api(base, `/api/jobs/${jobId}/files/${posterFile}/download`, { key: worker.key, method: 'POST' })).status).toBe(403);
    // Not public any more (in progress): a stranger cannot tell the job exists.
    expect((await files(stranger, jobId)).status).toBe(404);
    // Only the poster grants.
    expect((await access(worker, jobId, true)).status).toBe(403);
  });

  it('a grant lets the worker in (one event, not repeated); the worker writes only the worker folder', async () => {
    const granted = await access(poster, jobId, true);
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ role: 'poster', workerAccess: true, hireId });
    expect((await access(poster, jobId, true)).status).toBe(200);
    const events = await until(
      async () => {
        const e = await grantEvents(jobId);
        return e.length ? e : undefined;
      },
      { what: 'the grant event' },
    );
    expect(events[0].payload).toMatchObject({ jobId, hireId, posterId: poster.id, workerId: worker.id, recipientIds: [worker.id] });
    await new Promise((r) => setTimeout(r, 500));
    expect(await grantEvents(jobId)).toHaveLength(1);

    const asWorker = await files(worker, jobId);
    expect(asWorker.status).toBe(200);
    expect(asWorker.body).toMatchObject({ role: 'worker', workerAccess: true, hireId });
    expect(asWorker.body.files).toEqual([expect.objectContaining({ id: posterFile, folder: 'poster', canWrite: false })]);

    const up = await upload(worker, jobId, 'out/Logo.png');
    expect(up.status).toBe(200);
    expect(up.body).toMatchObject({ folder: 'worker', hireId, canWrite: true });
    workerFile = up.id!;
    // The same path is free in the other folder; taken in the worker's own.
    expect((await upload(worker, jobId, 'brief/Spec.txt')).status).toBe(200);
    expect(
      (
        await api(base, `/api/jobs/${jobId}/files`, {
          key: worker.key,
          body: { path: 'OUT/logo.PNG', size: 3, sha256: sha(Buffer.from('abc')) },
        })
      ).status,
    ).toBe(409);

    const completed = await until(
      async () => {
        const e = (await streamEvents(nats, 'events.file.completed.v1')).filter((x) => x.payload.fileId === workerFile);
        return e.length ? e : undefined;
      },
      { what: 'the completion event' },
    );
    expect(completed[0].payload).toMatchObject({
      area: 'job',
      ownerId: jobId,
      folder: 'worker',
      posterId: poster.id,
      workerId: worker.id,
      recipientIds: [poster.id],
    });
    const posterCompleted = (await streamEvents(nats, 'events.file.completed.v1')).filter((x) => x.payload.fileId === posterFile);
    // The poster's file completed before anyone was hired: nobody else to tell.
    expect(posterCompleted[0].payload).toMatchObject({ posterId: poster.id, recipientIds: [] });

    // Both read both folders.
    const link = await api(base, `/api/jobs/${jobId}/files/${posterFile}/download`, { key: worker.key, method: 'POST' });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ path: 'brief/Spec.txt', size: 2000, proxied: true });
    expect((await fetch(link.body.url)).status).toBe(200);
    const preview = await api(base, `/api/jobs/${jobId}/files/${workerFile}/preview`, { key: poster.key });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ fileId: workerFile, kind: 'unavailable' });

    // canWrite per file, as each side sees it.
    const mine = (await files(worker, jobId)).body.files as { id: string; folder: string; canWrite: boolean }[];
    expect(mine.find((f) => f.id === workerFile)).toMatchObject({ folder: 'worker', canWrite: true });
    expect(mine.find((f) => f.id === posterFile)).toMatchObject({ folder: 'poster', canWrite: false });
    const theirs = (await files(poster, jobId)).body.files as { id: string; canWrite: boolean }[];
    expect(theirs.every((f) => f.canWrite)).toBe(true);
  });

  it("the worker cannot delete the poster's files; the poster deletes the worker's", async () => {
    expect((await api(base, `/api/jobs/${jobId}/files/${posterFile}`, { key: worker.key, method: 'DELETE' })).status).toBe(403);
    const extra = await upload(worker, jobId, 'scratch.txt');
    expect((await api(base, `/api/jobs/${jobId}/files/${extra.id}`, { key: poster.key, method: 'DELETE' })).body).toEqual({ deleted: true });
    const own = await upload(worker, jobId, 'scratch2.txt');
    expect((await api(base, `/api/jobs/${jobId}/files/${own.id}`, { key: worker.key, method: 'DELETE' })).status).toBe(200);
    const after = (await files(poster, jobId)).body.files as { id: string; status: string }[];
    for (const id of [extra.id, own.id]) expect(after.find((f) => f.id === id)?.status ?? 'gone').toMatch(/deleting|gone/);
  });

  it('job details show the files to participants only, revealing nothing to others', async () => {
    const asPoster = await api(base, `/api/jobs/${jobId}/details`, { key: poster.key });
    expect(asPoster.body.attachments.status).toBe('available');
    expect(asPoster.body.attachments.files.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining([posterFile, workerFile]));
    const asWorker = await api(base, `/api/jobs/${jobId}/details`, { key: worker.key });
    expect(asWorker.body.attachments).toMatchObject({ status: 'available' });
  });

  it('submit_work turns worker files in: they are listed with the submission and can no longer be deleted', async () => {
    const bad = await api(base, `/api/jobs/${jobId}/submissions`, { key: worker.key, body: { body: 'Done', fileIds: [posterFile] } });
    expect(bad.status).toBe(409);
    const res = await api(base, `/api/jobs/${jobId}/submissions`, { key: worker.key, body: { body: 'Done', fileIds: [workerFile] } });
    expect(res.status).toBe(201);
    expect(res.body.submissions[0].files).toEqual([{ id: workerFile, path: 'out/Logo.png', size: 2000 }]);
    expect((await api(base, `/api/jobs/${jobId}/files/${workerFile}`, { key: worker.key, method: 'DELETE' })).status).toBe(409);
    expect((await api(base, `/api/jobs/${jobId}/files/${workerFile}`, { key: poster.key, method: 'DELETE' })).status).toBe(409);
    const listed = (await files(worker, jobId)).body.files as { id: string; canWrite: boolean }[];
    expect(listed.find((f) => f.id === workerFile)).toMatchObject({ canWrite: false });
  });

  it('cancellation revokes access; a new hire starts without it', async () => {
    expect((await api(base, `/api/jobs/${jobId}/cancel`, { key: worker.key, method: 'POST' })).status).toBe(200);
    // The job is open (public) again: the former worker is refused like anyone else.
    expect((await files(worker, jobId)).status).toBe(403);
    const details = await api(base, `/api/jobs/${jobId}/details`, { key: worker.key });
    expect(details.body.attachments).toEqual({ status: 'unavailable' });
    const listed = await files(poster, jobId);
    expect(listed.body).toMatchObject({ workerAccess: false, hireId: null });
    expect((await access(poster, jobId, true)).status).toBe(409);

    const [next] = (await createMembers(nats, 1)) as [TestMember];
    const nextHire = await hire(poster, next, jobId);
    expect((await files(poster, jobId)).body).toMatchObject({ workerAccess: false, hireId: nextHire });
    expect((await files(next, jobId)).status).toBe(403);
    expect((await access(poster, jobId, true)).body.workerAccess).toBe(true);
    expect((await files(next, jobId)).status).toBe(200);
    // The previous worker is out for good (the job is in progress again: not public).
    expect((await files(worker, jobId)).status).toBe(404);
  });
});

describe('job files over MCP with a real OAuth token', () => {
  it('grant, list, create, base64 chunk, complete, download, preview, delete', async () => {
    const [poster, worker] = (await createMembers(nats, 2)) as [TestMember, TestMember];
    const jobId = await postJob(poster, 'Files over MCP');
    await hire(poster, worker, jobId);
    const [pt, wt] = [await mcpToken(poster), await mcpToken(worker)];
    const tool = async (token: string, name: string, args: Record<string, unknown>) =>
      toolOutcome(await mcp(base, 'tools/call', { name, arguments: { ...args, conversation_id: 'new', llm_model: 'test' } }, token));

    expect(await tool(wt, 'list_job_files', { job_id: jobId })).toMatchObject({ isError: true, status: 403 });
    expect(await tool(pt, 'set_job_file_access', { job_id: jobId, allowed: true })).toMatchObject({ role: 'poster', workerAccess: true });
    expect(await tool(wt, 'list_job_files', { job_id: jobId })).toMatchObject({ role: 'worker', workerAccess: true, files: [] });

    const data = randomBytes(300_000);
    const created = await tool(wt, 'create_job_file', { job_id: jobId, path: 'work/result.bin', size: data.length, sha256: sha(data) });
    expect(created).toMatchObject({ chunks: 2, file: { folder: 'worker', status: 'uploading' } });
    const id = created.file.id as string;
    const parts = [data.subarray(0, FILE_LIMITS.chunkBytes), data.subarray(FILE_LIMITS.chunkBytes)];
    expect(
      await tool(wt, 'upload_job_file_chunk', { job_id: jobId, file_id: id, index: 1, data: parts[1]!.toString('base64'), sha256: sha(parts[1]!) }),
    ).toMatchObject({ nextIndex: 0 });
    // The poster cannot write into the worker's upload.
    expect(
      await tool(pt, 'upload_job_file_chunk', { job_id: jobId, file_id: id, index: 0, data: parts[0]!.toString('base64'), sha256: sha(parts[0]!) }),
    ).toMatchObject({ isError: true, status: 403 });
    expect(
      await tool(wt, 'upload_job_file_chunk', { job_id: jobId, file_id: id, index: 0, data: parts[0]!.toString('base64'), sha256: sha(parts[0]!) }),
    ).toMatchObject({ nextIndex: null });
    expect(await tool(wt, 'complete_job_file', { job_id: jobId, file_id: id })).toMatchObject({ id, status: 'ready', folder: 'worker' });
    expect(await tool(pt, 'download_job_file', { job_id: jobId, file_id: id })).toMatchObject({ path: 'work/result.bin', size: data.length });
    expect(await tool(pt, 'preview_job_file', { job_id: jobId, file_id: id })).toMatchObject({ fileId: id, kind: 'unavailable' });
    expect(await tool(pt, 'delete_job_file', { job_id: jobId, file_id: id })).toEqual({ deleted: true });
    expect(await tool(pt, 'set_job_file_access', { job_id: jobId, allowed: false })).toMatchObject({ workerAccess: false });
    expect(await tool(wt, 'list_job_files', { job_id: jobId })).toMatchObject({ isError: true, status: 403 });
  });
});

describe("a new hire and the previous hire's uploads (issue 31, finding 4)", () => {
  it("after a cancellation the new hire sees the poster's files and its own, never the earlier hire's", async () => {
    const [poster, first, second] = (await createMembers(nats, 3)) as [TestMember, TestMember, TestMember];
    const jobId = await postJob(poster, 'Files across hires');
    await hire(poster, first, jobId);
    expect((await access(poster, jobId, true)).status).toBe(200);
    const brief = await upload(poster, jobId, 'brief.txt');
    const old = await upload(first, jobId, 'old-draft.txt');
    expect(old.status).toBe(200);
    const half = await api(base, `/api/jobs/${jobId}/files`, { key: first.key, body: { path: 'half.txt', size: 10, sha256: sha(Buffer.alloc(10)) } });
    expect(half.status).toBe(201);
    expect((await api(base, `/api/jobs/${jobId}/cancel`, { key: first.key, method: 'POST' })).status).toBe(200);

    const secondHire = await hire(poster, second, jobId);
    expect((await access(poster, jobId, true)).status).toBe(200);
    const own = await upload(second, jobId, 'new-draft.txt');
    const seen = (await files(second, jobId)).body.files.map((f: { id: string }) => f.id);
    expect(seen.sort()).toEqual([brief.id, own.id].sort());
    const details = await api(base, `/api/jobs/${jobId}/details`, { key: second.key });
    expect(details.body.attachments.files.map((f: { id: string }) => f.id).sort()).toEqual([brief.id, own.id].sort());

    // The earlier hire's files are as absent as another job's: download, preview, chunks, complete, delete.
    const oldFile = `/api/jobs/${jobId}/files/${old.id}`;
    expect((await api(base, `${oldFile}/download`, { key: second.key, method: 'POST' })).status).toBe(404);
    expect((await api(base, `${oldFile}/preview`, { key: second.key })).status).toBe(404);
    expect((await api(base, oldFile, { key: second.key, method: 'DELETE' })).status).toBe(404);
    const halfFile = `/api/jobs/${jobId}/files/${half.body.file.id}`;
    expect((await api(base, `${halfFile}/complete`, { key: second.key, method: 'POST' })).status).toBe(404);
    const chunk = await fetch(`${base}${halfFile}/chunks/0?sha256=${sha(Buffer.alloc(10))}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${second.key}`, 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(10),
    });
    expect(chunk.status).toBe(404);
    // What the poster shares is readable; the poster still sees and keeps every file.
    expect((await api(base, `/api/jobs/${jobId}/files/${brief.id}/download`, { key: second.key, method: 'POST' })).status).toBe(200);
    const posterView = (await files(poster, jobId)).body;
    expect(posterView.hireId).toBe(secondHire);
    expect(posterView.files.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining([brief.id, old.id, half.body.file.id, own.id]));
    expect((await api(base, `${oldFile}/download`, { key: poster.key, method: 'POST' })).status).toBe(200);

    // Over MCP too.
    const token = await mcpToken(second);
    const listed = toolOutcome(
      await mcp(
        base,
        'tools/call',
        {
          name: 'list_job_files',
          arguments: { job_id: jobId, conversation_id: 'new', llm_model: 'test' },
        },
        token,
      ),
    );
    expect(listed.files.map((f: { id: string }) => f.id).sort()).toEqual([brief.id, own.id].sort());
    expect(
      toolOutcome(
        await mcp(
          base,
          'tools/call',
          {
            name: 'delete_job_file',
            arguments: { job_id: jobId, file_id: old.id, conversation_id: 'new', llm_model: 'test' },
          },
          token,
        ),
      ),
    ).toMatchObject({ isError: true, status: 404 });
  });
});
