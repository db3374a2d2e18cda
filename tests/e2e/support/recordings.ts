import { createHash } from 'node:crypto';

import { api, makeScreenRecording, type TestMember, until } from '@marketplace/testing';
import { expect, inject } from 'vitest';

/** Walkthrough recordings as the record page drives them: the link's token in a header, parts as raw bytes. */

const base = inject('baseUrl');
const call = (m: TestMember, path: string, method = 'GET', body?: unknown) => api(base, path, { key: m.key, method, ...(body === undefined ? {} : { body }) });

export const holder = (token: string, path: string, method = 'GET', body?: unknown) =>
  api(base, path, { method, headers: { 'x-recording-token': token }, ...(body === undefined ? {} : { body }) });
export const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

export async function putPart(
  token: string,
  id: string,
  index: number,
  bytes: Buffer,
  digest = sha(bytes),
  contentType = 'video/webm',
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${base}/api/recordings/${id}/parts/${index}?sha256=${digest}`, {
    method: 'PUT',
    headers: { 'x-recording-token': token, 'content-type': contentType },
    body: new Uint8Array(bytes),
  });
  return { status: res.status, body: await res.json() };
}

export async function newDraft(m: TestMember): Promise<string> {
  const res = await call(m, '/api/me/job-drafts', 'POST', {
    answers: { context: 'A small web shop on a hosted platform.', problem: 'The nightly stock export fails with a timeout.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id;
}

export async function recordLink(m: TestMember, draftId: string): Promise<{ token: string; body: any }> {
  const res = await call(m, `/api/me/job-drafts/${draftId}/recording-links`, 'POST', {});
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const [path, token] = res.body.path.split('#');
  expect(path).toBe('/record');
  expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  return { token, body: res.body };
}

let harmless: Promise<Buffer> | undefined;
/** A real 5-second screen recording with nothing on it that should not be shown. */
export const harmlessRecording = () =>
  (harmless ??= makeScreenRecording({
    seconds: 5,
    lines: [{ text: '$ npm run export' }, { text: 'Error: export timed out after 30s', from: 2 }],
  }));

/**
 * Uploads one recording with the link, as the record page sends it (in parts of at most
 * `partBytes`), and completes it: its check starts now. Without `video`, a harmless real recording.
 */
export async function completeOne(
  token: string,
  video?: Buffer,
  opts: { seconds?: number; partBytes?: number; contentType?: string } = {},
): Promise<{ id: string; completed: any }> {
  const bytes = video ?? (await harmlessRecording());
  const started = await holder(token, '/api/recordings', 'POST', {});
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const size = opts.partBytes ?? 64 * 1024;
  let parts = 0;
  for (let at = 0; at < bytes.length; at += size) {
    const put = await putPart(token, started.body.id, parts++, bytes.subarray(at, at + size), undefined, opts.contentType);
    expect(put.status, JSON.stringify(put.body)).toBe(200);
  }
  const done = await holder(token, `/api/recordings/${started.body.id}/complete`, 'POST', { parts, size: bytes.length, seconds: opts.seconds ?? 5 });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { id: started.body.id, completed: done.body };
}

/** Records one recording with the link (completeOne) and waits for its check. */
export async function recordOne(token: string, video?: Buffer, opts: { seconds?: number; partBytes?: number; contentType?: string } = {}): Promise<string> {
  const { id } = await completeOne(token, video, opts);
  await until(async () => ((await holder(token, `/api/recordings/${id}`)).body.status === 'analyzing' ? undefined : true), {
    timeoutMs: 120_000,
    intervalMs: 250,
    what: 'the recording check',
  });
  return id;
}
